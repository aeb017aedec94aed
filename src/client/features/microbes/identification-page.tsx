/**
 * MicrobeIdentification/{id}/{samplenov}/{pageno} (spec 001 sections 2, 3, 5, 9): the identification of the
 * isolate whose sample code version is {samplenov}, opened from the Level 1 list's microbe icon. Isolate code
 * (read-only); microbe -> genus -> species, each list from the microbe master; percentage identification
 * (step 0.1) and query coverage (step 0.01), both 0 to 100; gram character (autocomplete over the 'Gram
 * Character' master from 3 characters, at most 8); biosafety level; Back (to the Level 1 list page
 * {pageno}) and Save. The form is checked with the server's schema; a stale save offers Reload.
 */
import { useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useFormik } from 'formik';
import { ValidationError } from 'yup';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
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
import { httpStatus, isUnauthorized, serverField, serverMessage } from '../../lib/api';
import { useReasonPrompt } from '../../lib/confirm-dialog';
import { AMENDMENT_PROMPT, RecordIntegrityNotice } from '../../lib/record-integrity';
import { useSubmitWithToasts } from '../../lib/form-submit';
import { navigateTo } from '../../lib/navigation/navigation';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { sessionExpired } from '../../lib/session-events';
import { microbeApi } from './api';
import { useMicrobeTypes } from './use-microbe-types';

export const IDENTIFICATION_TITLE = 'Microbe Identification';
export const OPEN_FROM_LIST = 'Open the microbe identification of an isolate from the Level 1 activity list (the microbe icon of its row).';
export const LOAD_FAILED = 'The isolate could not be loaded.';
const LIST_PATH = '/ActivityTransactionHome';

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

/** A list loaded for a key; shown only while the key is still the current one (no reset inside effects). */
interface Keyed { key: string; list: string[] }
const listFor = (state: Keyed, key: string) => (state.key === key ? state.list : []);

/** Lists of the dependent choices: the genera of the chosen microbe, the species of the chosen genus. */
function useChoices(bactid: string, genus: string) {
  const dispatch = useDispatch();
  const [genera, setGenera] = useState<Keyed>({ key: '', list: [] });
  const [species, setSpecies] = useState<Keyed>({ key: '', list: [] });
  const speciesKey = `${bactid}|${genus}`;
  const failed = useCallback(
    (error: unknown) => {
      if (isUnauthorized(error)) dispatch(sessionExpired());
      else dispatch(notifyError(serverMessage(error) ?? 'The choices could not be loaded.', MSG.oops));
    },
    [dispatch],
  );
  useEffect(() => {
    let live = true;
    if (bactid) {
      microbeApi.generaOf(Number(bactid)).then(
        (items) => live && setGenera({ key: bactid, list: items.map((i) => i.genus) }),
        (e: unknown) => live && failed(e),
      );
    }
    return () => {
      live = false;
    };
  }, [bactid, failed]);
  useEffect(() => {
    let live = true;
    if (bactid && genus) {
      microbeApi.speciesOf(Number(bactid), genus).then(
        (items) => live && setSpecies({ key: speciesKey, list: items.map((i) => i.species) }),
        (e: unknown) => live && failed(e),
      );
    }
    return () => {
      live = false;
    };
  }, [bactid, genus, speciesKey, failed]);
  return { genera: listFor(genera, bactid), species: listFor(species, speciesKey) };
}

/** The stored value stays choosable even when the master no longer offers it (deactivated since). */
const withCurrent = (list: string[], current: string) =>
  current && !list.some((x) => x.toLowerCase() === current.toLowerCase()) ? [current, ...list] : list;

function GramCharacterInput({ value, onChange, error, disabled }: { value: string; onChange(v: string): void; error?: string; disabled: boolean }) {
  const [found, setFound] = useState<Keyed>({ key: '', list: [] });
  const [input, setInput] = useState(value);
  const typed = input.trim();
  const searching = typed.length >= MASTER_LOOKUP.minText;
  useEffect(() => {
    let live = true;
    if (searching) {
      microbeApi.gramCharacters(typed).then(
        (items) => live && setFound({ key: typed, list: items.slice(0, MASTER_LOOKUP.maxResults).map((i) => i.value) }),
        () => live && setFound({ key: typed, list: [] }),
      );
    }
    return () => {
      live = false;
    };
  }, [typed, searching]);
  const options = searching ? listFor(found, typed) : [];
  return (
    <Autocomplete
      id="identification-gramCharacter"
      freeSolo
      options={options}
      value={value || null}
      inputValue={input}
      filterOptions={(x) => x}
      disabled={disabled}
      onInputChange={(_e, v) => {
        setInput(v);
        onChange(v);
      }}
      onChange={(_e, v) => onChange(typeof v === 'string' ? v : '')}
      renderInput={(params) => (
        <TextField {...params} name="gramCharacter" label="Gram Character" size="small" error={Boolean(error)} helperText={error ?? 'Type 3 characters to search.'} />
      )}
    />
  );
}

function IdentificationForm({ record, samplenov, back, onStale }: { record: IdentificationRecord; samplenov: string; back: string; onStale(message: string): void }) {
  const dispatch = useDispatch();
  const types = useMicrobeTypes();
  const [saving, setSaving] = useState(false);
  const reasonPrompt = useReasonPrompt();
  const formik = useFormik<Values>({
    initialValues: valuesOf(record),
    validate,
    onSubmit: async (values) => {
      // Results rest on the identification: the change is an amendment with a reason (asked again if the server
      // finds results that appeared after the screen was opened).
      let amendmentReason: string | null = null;
      if (record.amendmentRequired) {
        amendmentReason = await reasonPrompt.ask(AMENDMENT_PROMPT);
        if (amendmentReason === null) return;
      }
      setSaving(true);
      const body = { samplenov, ...values, bactid: Number(values.bactid), version: record.version ?? 0 };
      try {
        let answer;
        try {
          answer = await microbeApi.saveIdentification({ ...body, ...(amendmentReason ? { amendmentReason } : {}) });
        } catch (error) {
          if (amendmentReason !== null || serverField(error) !== 'amendmentReason') throw error;
          amendmentReason = await reasonPrompt.ask(AMENDMENT_PROMPT);
          if (amendmentReason === null) return;
          answer = await microbeApi.saveIdentification({ ...body, amendmentReason });
        }
        if (answer?.statuss === 'Success') {
          dispatch(notifySuccess(answer.message || IDENTIFICATION_MSG.saved));
          dispatch(navigateTo(back));
        } else {
          dispatch(notifyError(answer?.message ?? 'Please Check Again!', MSG.oops));
        }
      } catch (error) {
        if (httpStatus(error) === 409) onStale(serverMessage(error) ?? IDENTIFICATION_MSG.stale);
        else if (isUnauthorized(error)) dispatch(sessionExpired());
        else dispatch(notifyError(serverMessage(error) ?? 'Please Check Again!', MSG.oops));
      } finally {
        setSaving(false);
      }
    },
  });
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
      <GramCharacterInput value={formik.values.gramCharacter} onChange={(v) => set({ gramCharacter: v })} error={errorOf('gramCharacter')} disabled={saving} />
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
      {reasonPrompt.dialog}
    </Box>
  );
}

export default function IdentificationPage() {
  const { samplenov, pageno } = useParams();
  const dispatch = useDispatch();
  const [record, setRecord] = useState<IdentificationRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const back = pageno && /^\d+$/.test(pageno) ? `${LIST_PATH}/${pageno}` : LIST_PATH;

  useEffect(() => {
    if (!samplenov) return;
    let live = true;
    microbeApi.identification(samplenov).then(
      (r) => {
        if (!live) return;
        setRecord(r);
        setError(null);
        setStale(null);
      },
      (e: unknown) => {
        if (!live) return;
        if (isUnauthorized(e)) dispatch(sessionExpired());
        else setError(serverMessage(e) ?? LOAD_FAILED);
      },
    );
    return () => {
      live = false;
    };
  }, [samplenov, loads, dispatch]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 2.5 }}>
        {IDENTIFICATION_TITLE}
      </Typography>
      {!samplenov ? <Alert severity="info">{OPEN_FROM_LIST}</Alert> : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {stale ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setLoads((n) => n + 1)}>
              Reload
            </Button>
          }
        >
          {stale}
        </Alert>
      ) : null}
      {samplenov && !record && !error ? <LinearProgress aria-label="Loading" sx={{ mb: 2 }} /> : null}
      <RecordIntegrityNotice record={record} what="microbe identification" />
      {record ? <IdentificationForm key={`${record.samplenov}:${record.version ?? 0}`} record={record} samplenov={samplenov!} back={back} onStale={setStale} /> : null}
      {!record ? (
        <Button component={RouterLink} to={back} variant="outlined" startIcon={<ArrowBackIcon />} sx={{ mt: 2 }}>
          Back
        </Button>
      ) : null}
    </Paper>
  );
}
