/**
 * MicrobeIdentification/{id}/{samplenov}/{pageno} (spec 001 sections 2, 3, 5, 9): the identification of the
 * isolate whose sample code version is {samplenov}, opened from the Level 1 list's microbe icon. Isolate code
 * (read-only); microbe -> genus -> species, each list from the microbe master; percentage identification
 * (step 0.1) and query coverage (step 0.01), both 0 to 100; gram character (autocomplete over the 'Gram
 * Character' master from 3 characters, at most 8); biosafety level; Back (to the Level 1 list page
 * {pageno}, or to the awaiting list when opened from it) and Save. The form is checked with the server's schema; a stale save offers Reload.
 */
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import { ValidationError } from 'yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { MSG } from '../../../shared/contract/messages';
import type { IdentificationRecord } from '../../../shared/contract/microbe-endpoints';
import { BIOSAFETY_LEVELS, MASTER_LOOKUP } from '../../../shared/resources';
import {
  IDENTIFICATION_FIELDS, IDENTIFICATION_MSG, IDENTIFICATION_STEPS, identificationSchema,
} from '../../../shared/validation/microbe-identification';
import { ChangeReasonPrompt } from '../../crud/change-reason-prompt';
import MasterAutocomplete from '../../crud/master-autocomplete';
import type { MasterLookup } from '../../crud/master-lookup';
import { useChange, usePending, useQuery } from '../../crud/use-request';
import { AMENDMENT_PROMPT, RecordIntegrityNotice } from '../../lib/record-integrity';
import { useSubmitWithToasts } from '../../lib/form-submit';
import { StaleAlert } from '../../lib/stale-alert';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { FROM_LIST, MICROBE_CALLS, fieldOf, gramCharactersBody } from './microbe-calls';
import { useMicrobeTypes } from './use-microbe-types';

export const IDENTIFICATION_TITLE = 'Microbe Identification';
export const LOAD_FAILED = 'The isolate could not be loaded.';
const LIST_PATH = '/ActivityTransactionHome';
const AWAITING_PATH = '/MicrobeIdentification';

type Values = Record<(typeof IDENTIFICATION_FIELDS)[number], string>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function valuesOf(r: IdentificationRecord | null): Values {
  return {
    bactid: text(r?.bactid),
    genus: text(r?.genus),
    species: text(r?.species),
    percentageIdentification: text(r?.percentageIdentification),
    queryCoverage: text(r?.queryCoverage),
    gramCharacter: text(r?.gramCharacter),
    biosafetyLevel: text(r?.biosafetyLevel),
  };
}

async function validate(values: Values): Promise<Record<string, string>> {
  try {
    await identificationSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const e of error.inner.length ? error.inner : [error]) if (e.path && !errors[e.path]) errors[e.path] = e.message;
    return errors;
  }
}

const CHOICES_FAILED = 'The choices could not be loaded.';

/** Lists of the dependent choices: the genera of the chosen microbe, the species of the chosen genus. */
function useChoices(bactid: string, genus: string) {
  const failure = { failureText: CHOICES_FAILED, failureTitle: MSG.oops };
  const genera = useQuery(bactid ? MICROBE_CALLS.genera : null, { bactid: Number(bactid) }, { key: 'identification:genera', ...failure });
  const species = useQuery(bactid && genus ? MICROBE_CALLS.species : null, { bactid: Number(bactid), genus }, { key: 'identification:species', ...failure });
  // Only an answer to the current choice is listed (not the previous one's while the next loads).
  return {
    genera: bactid && genera.entry?.status === 'succeeded' ? fieldOf(genera.data, 'genus') : [],
    species: bactid && genus && species.entry?.status === 'succeeded' ? fieldOf(species.data, 'species') : [],
  };
}

/** The stored value stays choosable even when the master no longer offers it (deactivated since). */
const withCurrent = (list: string[], current: string) =>
  current && !list.some((x) => x.toLowerCase() === current.toLowerCase()) ? [current, ...list] : list;

/** The 'Gram Character' master entries containing the typed text. */
const gramCharacters = (text: string): MasterLookup => ({ endpoint: MICROBE_CALLS.gramCharacters, body: gramCharactersBody(text) });

/** The request-slice entry of the save. */
const SAVE_KEY = 'identification:save';
const CHECK_AGAIN = 'Please Check Again!';

function IdentificationForm({ record, samplenov, back }: { record: IdentificationRecord; samplenov: string; back: string }) {
  const types = useMicrobeTypes();
  const change = useChange();
  const saving = usePending(MICROBE_CALLS.saveIdentification, SAVE_KEY);
  const formik = useFormik<Values>({
    initialValues: valuesOf(record),
    validate,
    onSubmit: (values) => {
      // Results rest on the identification: the change is an amendment with a reason, asked before the save, or
      // when the server finds results that appeared after the screen was opened.
      change(MICROBE_CALLS.saveIdentification, { samplenov, ...values, bactid: Number(values.bactid), version: record.version ?? 0 }, {
        key: SAVE_KEY, failureText: CHECK_AGAIN, failureTitle: MSG.oops, reasonFirst: true,
        outcome: {
          okWhen: { field: 'statuss', value: 'Success' }, success: { text: IDENTIFICATION_MSG.saved, field: 'message' }, navigate: back,
          refused: { text: CHECK_AGAIN, field: 'message', title: MSG.oops },
          reason: { field: 'amendmentReason', first: Boolean(record.amendmentRequired), prompt: AMENDMENT_PROMPT },
        },
      });
    },
  });
  const unsaved = useUnsavedChanges(formik.dirty, saving);
  const submit = useSubmitWithToasts(formik, IDENTIFICATION_FIELDS);
  const { genera, species } = useChoices(formik.values.bactid, formik.values.genus);
  const errorOf = (name: keyof Values) => (formik.touched[name] ? formik.errors[name] : undefined);
  const set = (changes: Partial<Values>) => void formik.setValues({ ...formik.values, ...changes }, Object.keys(changes).some((k) => formik.touched[k as keyof Values]));
  const common = (name: keyof Values, label: string) => ({
    id: `identification-${name}`,
    name,
    label,
    value: formik.values[name],
    onBlur: formik.handleBlur,
    error: Boolean(errorOf(name)),
    helperText: errorOf(name),
    fullWidth: true,
    size: 'small' as const,
    disabled: saving,
  });
  const select = { select: true, slotProps: { select: { native: true }, inputLabel: { shrink: true } } };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 880 }}>
      <TextField id="identification-isolatecode" label="Isolate Code" value={record.isolatecode} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      <TextField {...common('bactid', 'Microbe')} {...select} onChange={(e) => set({ bactid: e.target.value, genus: '', species: '' })}>
        <option value="">Select Microbe</option>
        {withCurrent((types ?? []).map((o) => o.value), formik.values.bactid).map((v) => (
          <option key={v} value={v}>
            {types?.find((o) => o.value === v)?.label ?? record.microbeNmae ?? v}
          </option>
        ))}
      </TextField>
      <TextField {...common('genus', 'Genus')} {...select} onChange={(e) => set({ genus: e.target.value, species: '' })}>
        <option value="">Select Genus</option>
        {withCurrent(genera, formik.values.genus).map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </TextField>
      <TextField {...common('species', 'Species')} {...select} onChange={(e) => set({ species: e.target.value })}>
        <option value="">Select Species</option>
        {withCurrent(species, formik.values.species).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </TextField>
      <TextField
        {...common('percentageIdentification', 'Percentage Identification')}
        type="number"
        onChange={formik.handleChange}
        slotProps={{ htmlInput: { step: IDENTIFICATION_STEPS.percentageIdentification, min: 0, max: 100 } }}
      />
      <TextField
        {...common('queryCoverage', 'Query Coverage')}
        type="number"
        onChange={formik.handleChange}
        slotProps={{ htmlInput: { step: IDENTIFICATION_STEPS.queryCoverage, min: 0, max: 100 } }}
      />
      <MasterAutocomplete id="identification-gramCharacter" name="gramCharacter" label="Gram Character" freeSolo value={formik.values.gramCharacter}
        lookup={gramCharacters} onChange={(_item, text) => set({ gramCharacter: text })} error={errorOf('gramCharacter')}
        hint={`Type ${MASTER_LOOKUP.minText} characters to search.`} disabled={saving} />
      <TextField {...common('biosafetyLevel', 'Biosafety Level')} {...select} onChange={formik.handleChange}>
        <option value="">Select Biosafety Level</option>
        {BIOSAFETY_LEVELS.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1.5, gridColumn: '1 / -1' }}>
        <Button component={RouterLink} to={back} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving || record.canEdit === false} aria-busy={saving || undefined}>
          Save
        </Button>
      </Box>
      <ChangeReasonPrompt changeKey={SAVE_KEY} />
      {unsaved.guard}
    </Box>
  );
}

export default function IdentificationPage() {
  const { samplenov, pageno } = useParams();
  const [query] = useSearchParams();
  const loaded = useQuery<IdentificationRecord>(samplenov ? MICROBE_CALLS.identification : null, { samplenov });
  const record = samplenov ? (loaded.data ?? null) : null;
  const error = loaded.failed ? (loaded.entry?.message ?? LOAD_FAILED) : null;
  // Back goes where the screen was opened from: the awaiting list's page, or the Level 1 list's page {pageno}.
  const page = pageno && /^\d+$/.test(pageno) ? pageno : null;
  const back = query.get('from') === FROM_LIST
    ? `${AWAITING_PATH}${page && page !== '1' ? `?page=${page}` : ''}`
    : page ? `${LIST_PATH}/${page}` : LIST_PATH;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 2.5 }}>
        {IDENTIFICATION_TITLE}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <StaleAlert sx={{ mb: 2 }} onReload={loaded.reload} />
      {samplenov && !record && !error ? <LinearProgress aria-label="Loading" sx={{ mb: 2 }} /> : null}
      <RecordIntegrityNotice record={record} what="microbe identification" />
      {record ? <IdentificationForm key={`${record.samplenov}:${record.version ?? 0}`} record={record} samplenov={samplenov!} back={back} /> : null}
      {!record ? (
        <Button component={RouterLink} to={back} variant="outlined" startIcon={<ArrowBackIcon />} sx={{ mt: 2 }}>
          Back
        </Button>
      ) : null}
    </Paper>
  );
}
