/**
 * level2activityEntry (spec 001 sections 2, 5, 7): an isolate code with a search button, the read-only Plant
 * Assessment Code it gets (findisolaecodeforplantassesment previews the next code), Back and Save
 * (saveLevel2ActivityPlantassisscode; the server takes the code from its sequence). An empty isolate code
 * gives 'Please Enter Isolate Code'. After a save: back to level2activityHome.
 */
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { ACTIVITY_ENDPOINTS, type PlantAssessmentPreview } from '../../../shared/contract/activity-endpoints';
import { MSG } from '../../../shared/contract/messages';
import { WORKFLOW_MSG } from '../../../shared/workflow';
import { useChange, usePending, useQuery } from '../../crud/use-request';
import { notifyError } from '../../lib/notifier/notify-slice';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { LEVEL2_HOME } from './activity-paths';

export const SAVED = 'Record Saved Successfully!';
export const PLANT_CODE_IS = 'Plant Assessment Code Is :';

const FIND = ACTIVITY_ENDPOINTS.findisolaecodeforplantassesment;
const SAVE = ACTIVITY_ENDPOINTS.saveLevel2ActivityPlantassisscode;

/** The request-slice entries of the lookup and the save. */
const FIND_KEY = 'level2:find';
const SAVE_KEY = 'level2:save';
const failure = { failureText: WORKFLOW_MSG.saveError, failureTitle: MSG.oopsTitle, reasonFirst: true };

export default function Level2EntryPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [isolatecode, setIsolatecode] = useState('');
  /** The isolate code searched for (null: none yet, or the text changed since). */
  const [asked, setAsked] = useState<string | null>(null);
  const find = useQuery<PlantAssessmentPreview>(asked === null ? null : FIND, { isolatecode: asked }, { key: FIND_KEY, ...failure });
  const found = asked !== null && find.entry?.status === 'succeeded' ? find.data ?? null : null;
  const change = useChange();
  const searching = asked !== null && find.entry?.status === 'pending';
  const saving = usePending(SAVE, SAVE_KEY);
  const busy = searching || saving;
  const code = isolatecode.trim();

  const onSearch = (e?: FormEvent) => {
    e?.preventDefault();
    if (code === '') {
      setAsked(null);
      dispatch(notifyError(WORKFLOW_MSG.isolateRequired, MSG.oopsTitle));
      return;
    }
    if (asked === code) find.reload();
    else setAsked(code);
  };

  // An isolate code typed (and maybe found) but no plant assessment created yet. A good save moves on at once.
  const unsaved = useUnsavedChanges(code !== '', busy);

  const onSave = () => {
    if (code === '') {
      dispatch(notifyError(WORKFLOW_MSG.isolateRequired, MSG.oopsTitle));
      return;
    }
    change(SAVE, { isolatecode: code }, {
      key: SAVE_KEY, ...failure,
      outcome: {
        okWhen: { field: 'statuss', value: 'Success' }, success: { text: `${SAVED} ${PLANT_CODE_IS}`, appendField: 'pncode' }, navigate: LEVEL2_HOME,
        refused: { text: WORKFLOW_MSG.saveError, title: 'Error' },
      },
    });
  };

  return (
    <Box sx={{ p: 2 }}>
      {unsaved.guard}
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 640 }}>
        <Typography variant="h5" component="h2" gutterBottom>Level 2 Activity Entry</Typography>
        <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2 }}>
          <TextField id="level2-isolatecode" label="Isolate Code" size="small" fullWidth value={isolatecode}
            onChange={(e) => {
              setIsolatecode(e.target.value);
              setAsked(null);
            }} />
          <IconButton type="submit" aria-label="Search Isolate Code" title="Search" color="primary" disabled={busy}>
            {searching ? <CircularProgress size={20} aria-label="Searching" /> : <SearchIcon />}
          </IconButton>
        </Box>
        {found && (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }} data-testid="found-isolate">
            {`Sample ${found.samplenov} · Isolate ${found.isolatecode}`}
          </Typography>
        )}
        <TextField id="level2-pncode" label="Plant Assessment Code" size="small" fullWidth sx={{ mt: 2 }} value={found?.pncode ?? ''}
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />
        <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
          <Button variant="outlined" onClick={() => navigate(LEVEL2_HOME)}>Back</Button>
          <Button variant="contained" disabled={busy} onClick={onSave}>Save</Button>
        </Box>
      </Paper>
    </Box>
  );
}
