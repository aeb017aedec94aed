/**
 * 'Search Your Microbe Today!' (SearchMicrobe and searchMicrobeTest; spec 001 sections 2-5, 8, 9): the activity
 * dropdown (SAMPLE INWARD, MICROBE IDENTIFICATION, the configured activities, the user's saved searches),
 * parameter checkboxes, one filter row per ticked parameter, Search, the results, the CSV export (data.csv),
 * the detailed record and saving the current filters under a name.
 */
import { useEffect, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import GridOnIcon from '@mui/icons-material/GridOn';
import { SEARCH_MSG, SEARCH_PAGE_SIZE, SEARCH_TITLE } from '../../../shared/contract/search-endpoints';
import { PageLinks } from '../../crud/pagination';
import { injectSaga } from '../../app/store';
import { navigateTo } from '../../lib/navigation/navigation';
import { FilterRowView } from './filter-row';
import { RecordDialog } from './record-dialog';
import { COUNTING, ResultsTable, formatTotal, totalForPaging } from './results-table';
import { searchSaga } from './search-saga';
import { searchActions as A, selectSearch } from './search-slice';
import { SearchToasts } from './search-toasts';

function SaveSearchDialog({ open, busy, onSave, onClose }: { open: boolean; busy: boolean; onSave(name: string): void; onClose(): void }) {
  const [name, setName] = useState('');
  const trimmed = name.trim();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Save Search</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus fullWidth label="Search Name" value={name} onChange={(e) => setName(e.target.value)} margin="dense"
          slotProps={{ htmlInput: { maxLength: 60 } }} helperText="The same name again replaces that search."
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!trimmed || busy} onClick={() => onSave(trimmed)}>Save</Button>
      </DialogActions>
    </Dialog>
  );
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function SearchPage() {
  const store = useStore();
  injectSaga(store, 'search', searchSaga);
  const dispatch = useDispatch();
  const s = useSelector(selectSearch);
  const [saveOpen, setSaveOpen] = useState(false);

  useEffect(() => {
    dispatch(A.opened());
  }, [dispatch]);

  const set = s.sets.find((x) => x.key === s.selected);
  const ticked = new Set(s.rows.map((r) => r.key));
  const answer = s.answer;
  const exact = s.count?.total ?? null;
  const counting = s.count !== null && s.count.total === null;
  const pageCount = answer ? Math.ceil(totalForPaging(answer, exact) / SEARCH_PAGE_SIZE) : 0;

  return (
    <Box sx={{ p: 2 }}>
      <SearchToasts />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>{SEARCH_TITLE}</Typography>
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh" onClick={() => { dispatch(A.reset()); dispatch(A.opened()); }}><RefreshIcon /></IconButton>
        </Tooltip>
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          select label="Activity" size="small" value={s.selected} sx={{ width: { xs: '100%', sm: 320 }, mb: 1 }}
          onChange={(e) => dispatch(A.selected(e.target.value))} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {s.sets.length === 0 && <option value="" />}
          {s.sets.map((x) => (
            <option key={x.key} value={x.key}>{x.level === 'Level 1' || x.level === 'Level 2' ? `${x.label} (${x.level})` : x.label}</option>
          ))}
          {s.saved.length > 0 && (
            <optgroup label="Saved searches">
              {s.saved.map((x) => <option key={`saved:${x.id}`} value={`saved:${x.id}`}>{x.name}</option>)}
            </optgroup>
          )}
        </TextField>

        {set && (
          <Box role="group" aria-label="Parameters" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {set.parameters.map((p) => (
              <FormControlLabel
                key={p.key} label={p.parameterName}
                control={<Checkbox size="small" checked={ticked.has(p.key)} onChange={() => dispatch(A.parameterToggled(p))} />}
              />
            ))}
          </Box>
        )}

        {s.rows.length > 0 && (
          <Box sx={{ mt: 1, borderTop: 1, borderColor: 'divider', pt: 1 }}>
            {s.rows.map((r) => (
              <FilterRowView key={r.key} row={r} onChange={(patch) => dispatch(A.rowChanged({ key: r.key, patch }))} onRemove={() => dispatch(A.rowRemoved(r.key))} />
            ))}
          </Box>
        )}

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }}>
          <Button
            variant="contained" onClick={() => dispatch(A.searchRequested({ page: 1, fresh: true }))} disabled={s.loading}
            startIcon={s.loading ? <CircularProgress size={18} color="inherit" aria-label="Searching" /> : <SearchIcon />}
          >
            Search
          </Button>
          <Button variant="outlined" startIcon={<SaveIcon />} onClick={() => setSaveOpen(true)} disabled={s.rows.length === 0}>Save Search</Button>
          <Tooltip title="Export to Excel (data.csv)">
            <span>
              <IconButton aria-label="Export data.csv" onClick={() => dispatch(A.exportRequested())} disabled={Boolean(s.exporting)} color="success">
                <GridOnIcon />
              </IconButton>
            </span>
          </Tooltip>
          {s.exporting && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 200 }}>
              <LinearProgress sx={{ flex: 1 }} aria-label="Exporting" />
              <Typography variant="caption">{s.exporting.bytes ? kb(s.exporting.bytes) : 'Preparing...'}</Typography>
            </Box>
          )}
        </Box>
      </Paper>

      {s.loading && <LinearProgress aria-label="Loading" sx={{ mb: 1 }} />}
      {answer && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ px: 1 }} aria-live="polite">
            {answer.totalItems === 0 ? SEARCH_MSG.noData : `${formatTotal(answer, exact)} found${counting ? COUNTING : ''}`}
          </Typography>
          <ResultsTable key={`${s.page}:${answer.totalItems}`} results={answer.results} onShow={(n) => dispatch(A.recordRequested(n))} />
          <PageLinks page={s.page} pageCount={pageCount} onPage={(p) => dispatch(A.searchRequested({ page: p }))} disabled={s.loading} />
        </Paper>
      )}

      {s.record && (
        <RecordDialog
          samplenov={s.record.samplenov} record={s.record.data} loading={s.record.loading}
          onClose={() => dispatch(A.recordClosed())}
          onCancel={() => { dispatch(A.recordClosed()); dispatch(navigateTo('/homepage')); }}
        />
      )}
      <SaveSearchDialog
        key={saveOpen ? 'open' : 'closed'} open={saveOpen} busy={s.saving}
        onClose={() => setSaveOpen(false)} onSave={(name) => { dispatch(A.saveRequested({ name })); setSaveOpen(false); }}
      />
    </Box>
  );
}
