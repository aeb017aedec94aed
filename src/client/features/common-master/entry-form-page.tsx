/**
 * The common master entry form (spec 000 sections 2, 5, 8): /CommonMaster/:id (id = the type),
 * /CommonMaster (the type chosen in the form) and /EditCommonMaster/:id (id = the entry; an entry that
 * depends on another shows the Dependency box ticked with its parent, read-only). A Dependency checkbox
 * switches the add form:
 * - off: master type (read-only), Shortname, Value -> savecommonmaster;
 * - on: the parent master type, the parent entry ('shortname - value'), the Values text with the live
 *   format message (shared/validation/dependency-values), the parsed pairs editable inline (an edit or a
 *   delete rewrites the Values text, so what is saved is what is shown), and Save only when the format is valid -> savecommonmasterdependancy (status Error1: the server's massage as a warning).
 */
import { useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useFormik } from 'formik';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneIcon from '@mui/icons-material/Done';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import { MSG } from '../../../shared/contract/messages';
import {
  COMMON_MASTER_ENDPOINTS,
  type CommonMasterEntry,
  type CommonMasterTypeInfo,
  type MasterItem,
} from '../../../shared/contract/common-master-endpoints';
import { COMMON_MASTER_MSG } from '../../../shared/resources/common-master';
import { RESOURCE_MSG } from '../../../shared/resources/types';
import {
  DEPENDENCY_PAIR_LIMITS,
  DEPENDENCY_VALUES_EXAMPLE,
  checkDependencyPairs,
  dependencyPairSchema,
  dependencyValuesFormat,
  parseDependencyValues,
  type DependencyPair,
} from '../../../shared/validation/dependency-values';
import type { RootState } from '../../app/store';
import { useChange, usePending, useQuery } from '../../crud/use-request';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { notifyError } from '../../lib/notifier/notify-slice';
import { MASTER_TYPES, PARENT_TYPES, TYPES_FAILED, type MasterTypeOption } from './master-types';

const selectUserId = (state: RootState): number | null => state.session.user?.id ?? null;
/** The request-slice entries of the two saves. */
const ENTRY_SAVE_KEY = 'common-master:entry-save';
const DEPENDENCY_SAVE_KEY = 'common-master:dependency-save';
const homeOf = (typeid: number | null) => (typeid ? `/CommonMasterEntry/${typeid}` : '/CommonMasterTypeHome');
/**
 * What follows either save: 'Success' toasts the answer's message and goes back to the type's entries; a refusal
 * toasts the server's sentence (`rescoremessage` in an answer, the message of an error status) or Please Check Again!
 */
const savedOutcome = (typeid: number) => ({
  okWhen: { field: 'status', value: 'Success' }, success: { text: 'Record Saved Successfully!', field: 'message' }, navigate: homeOf(typeid),
  refused: { text: RESOURCE_MSG.checkAgain, field: 'rescoremessage', title: MSG.oops }, reasonFirst: true,
});

const entrySchema = yup.object({
  shortname: yup.string().trim().required(COMMON_MASTER_MSG.shortname).max(5, COMMON_MASTER_MSG.shortname),
  value: yup.string().trim().required(COMMON_MASTER_MSG.value).max(50, COMMON_MASTER_MSG.value),
});

/** Dependency off: Shortname and Value of one entry. */
function EntryForm({ typeid, entry }: { typeid: number; entry: CommonMasterEntry | null }) {
  const dispatch = useDispatch();
  const userID = useSelector(selectUserId);
  const change = useChange();
  const saving = usePending(COMMON_MASTER_ENDPOINTS.savecommonmaster, ENTRY_SAVE_KEY);
  const formik = useFormik({
    initialValues: { shortname: entry?.shortname ?? '', value: entry?.value ?? '' },
    validationSchema: entrySchema,
    onSubmit: (values) => {
      const body = {
        typeid,
        shortname: values.shortname.trim(),
        value: values.value.trim(),
        userID,
        ...(entry ? { id: entry.id, version: entry.version } : {}),
      };
      change(COMMON_MASTER_ENDPOINTS.savecommonmaster, body, {
        key: ENTRY_SAVE_KEY, failureText: RESOURCE_MSG.checkAgain, failureTitle: MSG.oops,
        outcome: savedOutcome(typeid),
      });
    },
  });
  // While the save is under way nothing asks: a good save moves on to the entries at once.
  const unsaved = useUnsavedChanges(formik.dirty, saving);
  const submit = async () => {
    const errors = await formik.validateForm();
    const messages = [errors.shortname, errors.value].filter((m): m is string => Boolean(m));
    if (messages.length) {
      void formik.setTouched({ shortname: true, value: true }, false);
      for (const m of messages) dispatch(notifyError(m, MSG.oops));
      return;
    }
    await formik.submitForm();
  };
  const err = (name: 'shortname' | 'value') => (formik.touched[name] ? formik.errors[name] : undefined);
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ display: 'grid', gap: 2.5 }}>
      {unsaved.guard}
      <TextField
        id="commonMaster-shortname"
        name="shortname"
        label="Shortname"
        size="small"
        value={formik.values.shortname}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(err('shortname'))}
        helperText={err('shortname')}
        slotProps={{ htmlInput: { maxLength: 5 } }}
      />
      <TextField
        id="commonMaster-value"
        name="value"
        label="Value"
        size="small"
        value={formik.values.value}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        error={Boolean(err('value'))}
        helperText={err('value')}
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Button component={RouterLink} to={homeOf(typeid)} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={saving}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

/** The Values text of pairs (the inverse of parseDependencyValues): what an inline edit writes back. */
export const valuesTextOf = (pairs: readonly DependencyPair[]) => pairs.map((p) => `${p.depenshortname}:${p.depenname}`).join(',');

/** Refused in an inline edit: these separate the pairs of the Values text. */
export const PAIR_SEPARATOR_MSG = "The Short Name and the Name cannot contain ':' or ','.";

/** One row of the pair table, editable inline. */
function PairRow({ index, pair, onSave, onDelete }: {
  index: number;
  pair: DependencyPair;
  onSave(p: DependencyPair): void;
  onDelete(): void;
}) {
  const [draft, setDraft] = useState<DependencyPair | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (!draft) return;
    try {
      const ok = dependencyPairSchema.validateSync(draft);
      if (/[:,]/.test(`${ok.depenshortname}${ok.depenname}`)) {
        setError(PAIR_SEPARATOR_MSG);
        return;
      }
      onSave({ depenshortname: ok.depenshortname, depenname: ok.depenname });
      setDraft(null);
      setError(null);
    } catch (e) {
      setError(e instanceof yup.ValidationError ? e.message : String(e));
    }
  };
  const n = index + 1;
  return (
    <TableRow data-testid={`pair-${n}`}>
      <TableCell>{n}</TableCell>
      <TableCell>
        {draft ? (
          <TextField
            size="small"
            label={`Short Name ${n}`}
            value={draft.depenshortname}
            onChange={(e) => setDraft({ ...draft, depenshortname: e.target.value })}
            slotProps={{ htmlInput: { maxLength: DEPENDENCY_PAIR_LIMITS.shortname } }}
          />
        ) : (
          pair.depenshortname
        )}
      </TableCell>
      <TableCell>
        {draft ? (
          <TextField
            size="small"
            label={`Name ${n}`}
            value={draft.depenname}
            onChange={(e) => setDraft({ ...draft, depenname: e.target.value })}
            slotProps={{ htmlInput: { maxLength: DEPENDENCY_PAIR_LIMITS.name } }}
          />
        ) : (
          pair.depenname
        )}
        {error ? <FormHelperText error>{error}</FormHelperText> : null}
      </TableCell>
      <TableCell>
        {draft ? (
          <>
            <IconButton size="small" aria-label={`Save row ${n}`} title="Save" onClick={save}>
              <DoneIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={`Cancel row ${n}`} title="Cancel" onClick={() => { setDraft(null); setError(null); }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        ) : (
          <>
            <IconButton size="small" aria-label={`Edit row ${n}`} title="Edit" onClick={() => setDraft({ ...pair })}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={`Delete row ${n}`} title="Delete" color="error" onClick={onDelete}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/** Dependency on: entries of `typeid` created from pairs, each depending on one entry of the parent type. */
function DependencyForm({ typeid }: { typeid: number }) {
  const dispatch = useDispatch();
  const userID = useSelector(selectUserId);
  const change = useChange();
  const typeList = useQuery<MasterTypeOption[]>(PARENT_TYPES, {}, { failureText: TYPES_FAILED, failureTitle: MSG.oops }).data;
  const types = Array.isArray(typeList) ? typeList : [];
  const [parentType, setParentType] = useState('');
  // Kept under the parent type: the entries of another type are never offered while these load.
  const parentList = useQuery<MasterItem[]>(
    parentType ? COMMON_MASTER_ENDPOINTS.getCommonMasterfordependancy : null,
    { typeidfordep: Number(parentType) },
    { key: `common-master/parents/${parentType}`, failureText: 'The entries could not be loaded.', failureTitle: MSG.oops },
  ).data;
  const parents = Array.isArray(parentList) ? parentList : [];
  const [parent, setParent] = useState('');
  // The Values text is what is saved and shown: the table is read from it, and an inline edit or delete
  // writes the text again, so the two never differ.
  const [text, setText] = useState('');
  const pairs = useMemo(() => parseDependencyValues(text) ?? [], [text]);
  const saving = usePending(COMMON_MASTER_ENDPOINTS.savecommonmasterdependancy, DEPENDENCY_SAVE_KEY);
  const format = useMemo(() => dependencyValuesFormat(text), [text]);
  const unsaved = useUnsavedChanges(parentType !== '' || parent !== '' || text.trim() !== '', saving);

  const chooseParentType = (value: string) => {
    setParentType(value);
    setParent('');
  };

  const save = () => {
    if (!parentType) return void dispatch(notifyError(COMMON_MASTER_MSG.type, MSG.oops));
    if (!parent) return void dispatch(notifyError('Please select the Dependency.', MSG.oops));
    const checked = checkDependencyPairs(pairs);
    if (!checked.ok) return void dispatch(notifyError(checked.message, MSG.oops));
    change(COMMON_MASTER_ENDPOINTS.savecommonmasterdependancy, {
      typeid,
      typeidfordep: Number(parentType),
      typeidfordepsortname: Number(parent),
      valueforjson: text,
      distList: checked.pairs,
      userID,
    }, {
      key: DEPENDENCY_SAVE_KEY, failureText: RESOURCE_MSG.checkAgain, failureTitle: MSG.oops,
      // Error1: some pairs exist already; the server's massage says which.
      outcome: { ...savedOutcome(typeid), warning: { when: { field: 'status', value: 'Error1' }, toast: { text: RESOURCE_MSG.checkAgain, field: 'massage' } } },
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {unsaved.guard}
      <TextField
        id="commonMaster-parentType"
        select
        label="Master Type"
        size="small"
        value={parentType}
        onChange={(e) => chooseParentType(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Select Master Type</option>
        {types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.type}
          </option>
        ))}
      </TextField>
      <TextField
        id="commonMaster-dependency"
        select
        label="Depends On"
        size="small"
        value={parent}
        onChange={(e) => setParent(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Select Dependency</option>
        {parents.map((p) => (
          <option key={p.id} value={p.id}>
            {`${p.shortname} - ${p.value}`}
          </option>
        ))}
      </TextField>
      <Box>
        <TextField
          id="commonMaster-values"
          label="Values"
          multiline
          minRows={3}
          fullWidth
          value={text}
          placeholder={DEPENDENCY_VALUES_EXAMPLE}
          onChange={(e) => setText(e.target.value)}
        />
        <FormHelperText data-testid="format-message" error={!format.ok} sx={format.ok ? { color: 'success.main' } : undefined}>
          {format.message}
        </FormHelperText>
        <FormHelperText>{`Format: ${DEPENDENCY_VALUES_EXAMPLE}`}</FormHelperText>
      </Box>
      {pairs.length ? (
        <Table size="small" aria-label="Dependency values">
          <TableHead>
            <TableRow>
              {['Sr. No.', 'Short Name', 'Name', 'Action'].map((h) => (
                <TableCell key={h} sx={{ fontWeight: 600 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pairs.map((p, i) => (
              <PairRow
                key={`${i}:${p.depenshortname}:${p.depenname}`}
                index={i}
                pair={p}
                onSave={(next) => setText(valuesTextOf(pairs.map((x, j) => (j === i ? next : x))))}
                onDelete={() => setText(valuesTextOf(pairs.filter((_, j) => j !== i)))}
              />
            ))}
          </TableBody>
        </Table>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Button component={RouterLink} to={homeOf(typeid)} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        {format.ok ? (
          <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={save}>
            Save
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

export const DEPENDENCY_KEPT = 'The entry it depends on stays as it is; Shortname and Value can be changed.';

/**
 * Editing an entry that depends on another (a district on its state): the parent master type and the entry
 * it depends on, read-only. The server keeps an entry's type and dependency on update (savecommonmaster),
 * so only Shortname and Value change here.
 */
function DependencyInfo({ entry }: { entry: CommonMasterEntry }) {
  const readOnly = { htmlInput: { readOnly: true }, inputLabel: { shrink: true } } as const;
  return (
    <>
      <TextField id="commonMaster-parentType" label="Master Type" size="small" value={entry.depentype ?? ''} slotProps={readOnly} />
      <TextField
        id="commonMaster-dependency"
        label="Depends On"
        size="small"
        value={`${entry.depenshortname ?? ''} - ${entry.depenname ?? ''}`}
        slotProps={readOnly}
        helperText={DEPENDENCY_KEPT}
      />
    </>
  );
}

/**
 * mode 'add': the route id is the type (/CommonMaster/:id), or there is none (/CommonMaster) and the type
 * is chosen in the form; 'edit': the route id is the entry. The entry's own type is labelled Master Type
 * when the Dependency box is off and Entry Type when it is on (then Master Type is the parent's type).
 */
export default function EntryFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const picking = mode === 'add' && id === null;
  const typeList = useQuery<MasterTypeOption[]>(picking ? MASTER_TYPES : null, {}, { failureText: TYPES_FAILED, failureTitle: MSG.oops }).data;
  const types = Array.isArray(typeList) ? typeList : [];
  const [picked, setPicked] = useState<number | null>(null);
  const [dependencyBox, setDependency] = useState(false);
  const recordFailure = { failureText: 'The record could not be loaded.', failureTitle: MSG.oops };
  // Edit: the entry, then its type; add: the type of the route.
  const entry = useQuery<CommonMasterEntry>(mode === 'edit' && id !== null ? COMMON_MASTER_ENDPOINTS.getcommasterByID : null, { id }, recordFailure).data ?? null;
  const typeOfRecord = mode === 'edit' ? (entry?.typeid ?? null) : id;
  const typeInfo = useQuery<CommonMasterTypeInfo>(typeOfRecord !== null ? COMMON_MASTER_ENDPOINTS.gettypeformasterByID : null, { id: typeOfRecord }, recordFailure).data ?? null;

  const typeid = mode === 'edit' ? (entry?.typeid ?? null) : (id ?? picked);
  const ready = typeid !== null && (mode === 'add' || entry !== null);
  const editsDependent = mode === 'edit' && entry !== null && entry.depenid !== null && entry.depenid !== undefined;
  const dependency = mode === 'edit' ? editsDependent : dependencyBox;
  const ownTypeLabel = dependency ? 'Entry Type' : 'Master Type';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 2.5 }}>
        Common Master
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 720 }}>
        <FormControlLabel
          label="Dependency"
          disabled={mode === 'edit'}
          control={<Checkbox id="commonMaster-dependency-mode" checked={dependency} onChange={(e) => setDependency(e.target.checked)} />}
        />
        {picking ? (
          <TextField
            id="commonMaster-type"
            select
            label={ownTypeLabel}
            size="small"
            value={picked === null ? '' : String(picked)}
            onChange={(e) => setPicked(e.target.value ? Number(e.target.value) : null)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Select Master Type</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.type}
              </option>
            ))}
          </TextField>
        ) : (
          <TextField
            id="commonMaster-type"
            label={ownTypeLabel}
            size="small"
            value={typeInfo?.type ?? entry?.type ?? ''}
            slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
          />
        )}
        {editsDependent && entry ? <DependencyInfo entry={entry} /> : null}
        {ready && typeid !== null ? (
          dependency && mode === 'add' ? (
            <DependencyForm typeid={typeid} />
          ) : (
            <EntryForm key={entry ? `${entry.id}:${entry.version}` : 'new'} typeid={typeid} entry={entry} />
          )
        ) : null}
        {picking && typeid === null ? (
          <Box>
            <Button component={RouterLink} to={homeOf(null)} variant="outlined" startIcon={<ArrowBackIcon />}>
              Back
            </Button>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}
