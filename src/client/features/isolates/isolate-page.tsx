/**
 * The Isolate screen (spec 001 sections 2, 4, 5, 8).
 * - Create Isolate Code (checked, the default): pick the OTP of an inward sample (getOtpForIsolated lists the
 *   active samples with no isolate yet); getoverwrightotp loads the read-only Next Isolate Code and reveals the
 *   sample fields; Save -> saveisolatecodereplacetootp (the sample's first isolate).
 * - Unchecked: search a Sample Code (empty: 'Please Enter Sample Code'); on success the check state becomes S and
 *   the Next Isolate Code shows; Save -> saveisolatecode (the next sample code version of that sample).
 * - Save messages in the spec's order: 'Please Select Sample Type!', 'Please Select Soil TDS!', 'Please Select
 *   Soil pH!', 'Please Select Soil EC!', then (other mode) 'Please Check Next Isolate Code!' when the code is
 *   missing or the check state is not S. Success opens 'Sample Code Is :' with the sample code version;
 *   Success1 shows the server's rescoremessage. Back goes to ActivityTransactionHome.
 */
import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import { MSG } from '../../../shared/contract/messages';
import { formatDay } from '../../../shared/format/date-time';
import { SAMPLE_ENDPOINTS, type IsolatePreview, type IsolateSaveAnswer, type OtpItem } from '../../../shared/contract/sample-endpoints';
import { ISOLATE_FIELDS, ISOLATE_MSG, SAMPLE_TYPE_LOOKUP, checkIsolate } from '../../../shared/validation/isolate';
import type { RootState } from '../../app/store';
import MasterAutocomplete from '../../crud/master-autocomplete';
import { masterLookup } from '../../crud/master-lookup';
import { useChange, useChangeAnswer, usePending, useQuery } from '../../crud/use-request';
import { UnsavedChangesGuard } from '../../lib/unsaved-changes';
import { notifyError } from '../../lib/notifier/notify-slice';

type Measures = Record<(typeof ISOLATE_FIELDS)[number], string>;
const EMPTY: Measures = { sampletype: '', soiltds: '', soilph: '', soilec: '' };
const LABELS: Record<keyof Measures, string> = { sampletype: 'Sample Type', soilph: 'Soil pH', soilec: 'Soil EC', soiltds: 'Soil TDS' };

/** The 'Sample Type' master entries containing the typed text. */
const sampleTypes = (text: string) => masterLookup(SAMPLE_TYPE_LOOKUP.masterType, text);

const selectUserId = (state: RootState) => state.session.user?.id ?? null;

/** The request-slice entries of the preview (by OTP or by Sample Code) and of the save (either endpoint). */
const PREVIEW_KEY = 'isolate:preview';
const SAVE_KEY = 'isolate:save';

/** The preview asked for: the chosen OTP (create mode) or the searched Sample Code. */
type Asked = { otp: string } | { sampleno: string };

export default function IsolatePage() {
  const dispatch = useDispatch();
  const userID = useSelector(selectUserId);
  const change = useChange();
  const [createMode, setCreateMode] = useState(true);
  const [otp, setOtp] = useState('');
  const [sampleCode, setSampleCode] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  /** The Sample Code was edited after its search: the check state is no longer S. */
  const [editedSince, setEditedSince] = useState(false);
  const [measures, setMeasures] = useState<Measures>(EMPTY);
  const saving = usePending(SAMPLE_ENDPOINTS.saveisolatecode, SAVE_KEY);
  const saved = useChangeAnswer<IsolateSaveAnswer>(SAVE_KEY);
  const result = saved.answer?.statuss === 'Success' ? saved.answer.message : null;

  const byOtp = asked !== null && 'otp' in asked;
  const previewed = useQuery<IsolatePreview>(asked === null ? null : byOtp ? SAMPLE_ENDPOINTS.getoverwrightotp : SAMPLE_ENDPOINTS.getfindisolate, { ...asked, userID }, {
    key: PREVIEW_KEY, failureText: byOtp ? ISOLATE_MSG.unknownOtp : ISOLATE_MSG.unknownSample, failureTitle: MSG.oops, reasonFirst: true,
  });
  const preview = asked !== null && previewed.entry?.status === 'succeeded' ? previewed.data ?? null : null;
  const checkState = !createMode && preview !== null && !editedSince ? 'S' : '';

  // The OTPs are listed in create mode (again after each save).
  const otpList = useQuery<OtpItem[]>(createMode ? SAMPLE_ENDPOINTS.getOtpForIsolated : null, { userID }, {
    failureText: 'The OTPs could not be loaded.', failureTitle: MSG.oops,
  });
  const otps = createMode && Array.isArray(otpList.data) ? otpList.data : [];

  const reset = (create: boolean) => {
    setCreateMode(create);
    setOtp('');
    setSampleCode('');
    setAsked(null);
    setEditedSince(false);
    setMeasures(EMPTY);
  };

  /** Asks for the preview again when the same OTP or code is asked twice (a retry after a refusal). */
  const ask = (next: Asked) => {
    if (asked !== null && JSON.stringify(asked) === JSON.stringify(next)) previewed.reload();
    else setAsked(next);
  };

  const chooseOtp = (value: string) => {
    setOtp(value);
    if (value) ask({ otp: value });
    else setAsked(null);
  };

  const searchSample = (event: FormEvent) => {
    event.preventDefault();
    const code = sampleCode.trim();
    setEditedSince(false);
    if (!code) {
      setAsked(null);
      dispatch(notifyError(ISOLATE_MSG.emptySampleCode, MSG.oops));
      return;
    }
    ask({ sampleno: code });
  };

  const save = () => {
    const checked = checkIsolate(measures);
    if (!checked.ok) {
      dispatch(notifyError(checked.message, MSG.oops));
      return;
    }
    if (createMode && !otp) {
      dispatch(notifyError(ISOLATE_MSG.selectOtp, MSG.oops));
      return;
    }
    if (!preview?.organismtype || (!createMode && checkState !== 'S')) {
      dispatch(notifyError(ISOLATE_MSG.nextIsolateCode, MSG.oops));
      return;
    }
    const body = { ...checked.values, organismtype: preview.organismtype, userID };
    // Success opens the Sample Code dialog (from the change's answer); anything else toasts the server's reason.
    change(createMode ? SAMPLE_ENDPOINTS.saveisolatecodereplacetootp : SAMPLE_ENDPOINTS.saveisolatecode,
      createMode ? { ...body, otp } : { ...body, sampleno: preview.sampleno }, {
        key: SAVE_KEY, failureText: MSG.contactAdministrator, failureTitle: MSG.oops, reasonFirst: true,
        outcome: { okWhen: { field: 'statuss', value: 'Success' }, refused: { text: MSG.contactAdministrator, field: 'rescoremessage', title: MSG.oops } },
      });
  };

  const closeResult = () => {
    saved.dismiss();
    reset(createMode);
    if (createMode) otpList.reload();
  };

  const measure = (name: Exclude<keyof Measures, 'sampletype'>, step: number) => (
    <TextField
      id={`isolate-${name}`}
      label={LABELS[name]}
      size="small"
      type="number"
      required
      value={measures[name]}
      onChange={(e) => setMeasures((m) => ({ ...m, [name]: e.target.value }))}
      slotProps={{ htmlInput: { min: 0, step, ...(name === 'soilph' ? { max: 14 } : {}) } }}
    />
  );

  const revealed = preview !== null;
  // Measures typed and not saved yet (a save shows its result and clears the form).
  const changed = (Object.keys(EMPTY) as Array<keyof Measures>).some((k) => measures[k] !== EMPTY[k]) && !saving && result === null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <UnsavedChangesGuard when={changed} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Isolate
        </Typography>
        <Button component={RouterLink} to="/ActivityTransactionHome" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      </Box>
      <FormControlLabel control={<Checkbox checked={createMode} onChange={(e) => reset(e.target.checked)} />} label="Create Isolate Code" />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2.5, mt: 2 }}>
        {createMode ? (
          <TextField
            id="isolate-otp"
            select
            label="OTP"
            size="small"
            value={otp}
            onChange={(e) => chooseOtp(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Select OTP</option>
            {otps.map((o) => (
              <option key={o.id} value={o.otp}>
                {o.otp}
              </option>
            ))}
          </TextField>
        ) : (
          <Box component="form" role="search" onSubmit={searchSample} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              id="isolate-samplecode"
              label="Sample Code"
              size="small"
              fullWidth
              value={sampleCode}
              onChange={(e) => {
                setSampleCode(e.target.value);
                setEditedSince(true);
              }}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <IconButton type="submit" aria-label="Search Sample Code" title="Search" color="primary">
              <SearchIcon />
            </IconButton>
          </Box>
        )}
        <TextField
          id="isolate-next-code"
          label="Next Isolate Code"
          size="small"
          value={preview?.organismtype ?? ''}
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
        />
        {revealed ? (
          <>
            <TextField id="isolate-sampleno" label="Sample Code" size="small" value={preview.sampleno} slotProps={{ htmlInput: { readOnly: true } }} />
            <TextField id="isolate-samplenov" label="Sample Code Version" size="small" value={preview.samplenov} slotProps={{ htmlInput: { readOnly: true } }} />
            <TextField
              id="isolate-sample-place"
              label="Sampled At"
              size="small"
              value={`${preview.sampleInward.district}, ${preview.sampleInward.statesofIndia} (${formatDay(preview.sampleInward.samplingdate)})`}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <TextField id="isolate-soiltype" label="Soil Type" size="small" value={preview.sampleInward.soiltype} slotProps={{ htmlInput: { readOnly: true } }} />
          </>
        ) : null}
        <MasterAutocomplete id="isolate-sampletype" label={LABELS.sampletype} required freeSolo value={measures.sampletype} lookup={sampleTypes}
          minChars={SAMPLE_TYPE_LOOKUP.minText} hint={`Type ${SAMPLE_TYPE_LOOKUP.minText} characters to search.`}
          onChange={(_item, text) => setMeasures((m) => ({ ...m, sampletype: text }))} />
        {measure('soilph', 0.01)}
        {measure('soilec', 0.001)}
        {measure('soiltds', 0.001)}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, mt: 3 }}>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={save}>
          Save
        </Button>
      </Box>
      <Dialog open={result !== null} onClose={closeResult} aria-labelledby="isolate-result-title" maxWidth="xs" fullWidth>
        <DialogTitle id="isolate-result-title">{ISOLATE_MSG.sampleCodeTitle}</DialogTitle>
        <DialogContent>
          <Typography variant="h5" component="p" data-testid="dialog-message" sx={{ fontWeight: 600 }}>
            {result}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={closeResult} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
