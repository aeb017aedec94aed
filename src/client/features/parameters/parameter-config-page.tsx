/**
 * Parameter configuration of an activity type (spec 000 sections 2, 4, 5, 8): /paramactivity/:id,
 * /Editparamconf/:id (id = the activity) and /paramconf (an activity picker first). The form of one
 * parameter and the table of the activity's parameters behave through the shared helpers
 * (shared/parameters/param-form: unit type resets, Add / replace, sequence counter) and rows are checked
 * with the shared row rules before they enter the table. Save sends saveParameters, toasts
 * 'Record Saved Successfully!' and returns to /activityHome; a 400 shows its detail.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import { MSG } from '../../../shared/contract/messages';
import { PARAMETER_ENDPOINTS, type ActivityParameters } from '../../../shared/contract/parameter-endpoints';
import {
  DATE_RULES,
  DATE_RULE_FLAGS,
  DATE_RULE_LABELS,
  PARAM_TYPES,
  PARAMETER_LIMITS,
  USER_ENTRY_OPTIONS,
  addParameterRow,
  describeParameter,
  editParameterRow,
  emptyParameterForm,
  nextSequence,
  removeParameterRow,
  selectType,
  selectUnitType,
  setAllowNegative,
  shortnameInput,
  showsOption,
  toggleDateRule,
  unitTypesFor,
  validateParameterSet,
  type LegacyParameterRow,
  type ParamType,
  type ParameterForm,
  type ParameterTableRow,
  type UnitType,
  type UserEntry,
} from '../../../shared/parameters';
import type { RootState } from '../../app/store';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { ListGrid } from '../../crud/list-grid';
import { useChange, usePending, useQuery, type EndpointRef } from '../../crud/use-request';
import { notifyError } from '../../lib/notifier/notify-slice';
import { StaleAlert } from '../../lib/stale-alert';

export const ACTIVITY_HOME = '/activityHome';
export const PARAM_MSG = { saved: 'Record Saved Successfully!', failed: 'Please Check Again!' } as const;
/** The request-slice entry of the save. */
const SAVE_KEY = 'parameters:save';

interface MasterTypeOption { id: number; code: string; type: string }
interface ActivityOption { id: number; shortname: string; activityname: string; activitylevel: string }

/** Lookups of the master type and activity type definitions. */
const MASTER_TYPES: EndpointRef = { group: 'master', name: 'getCommasterTypefordropdown' };
const ACTIVITIES: EndpointRef = { group: 'master', name: 'getAllactivity' };

const selectUserId = (state: RootState): number | null => state.session.user?.id ?? null;
const orBlank = <T,>(v: T | null | undefined): T | '' => (v === null || v === undefined ? '' : v);
const numberOf = (text: string): number | '' => (text.trim() === '' || Number.isNaN(Number(text)) ? '' : Number(text));
const orNull = <T,>(v: T | ''): T | null => (v === '' ? null : v);

/** A stored parameter as a table row (form values). */
export function rowFromLegacy(p: LegacyParameterRow): ParameterTableRow {
  return {
    ...(p.id !== undefined ? { id: p.id } : {}),
    shortname: p.shortname,
    parameterName: p.parameterName,
    type: p.type,
    sequence: p.sequence,
    userentry: p.userentry,
    unittype: p.unittype,
    minlength: orBlank(p.minlength),
    maxlength: orBlank(p.maxlength),
    maxlength1: orBlank(p.maxlength1),
    decimalplaces: orBlank(p.decimalplaces),
    allownegative: p.allownegative,
    allownegativeforfloat: p.allownegativeforfloat,
    lessthncurrentdate: p.lessthncurrentdate,
    greatthncurrentdate: p.greatthncurrentdate,
    currentdate: p.currentdate,
    booleanyes: p.booleanyes ?? '',
    booleanno: p.booleanno ?? '',
    commonmastertype: p.commonmastertypeid ?? p.commonmastertype ?? '',
    mandatory: p.mandatory,
  };
}

/** A table row as saveParameters takes it (legacy names; blank options as null). */
export function rowToPayload(r: ParameterTableRow): Record<string, unknown> {
  return {
    ...(r.id !== undefined ? { id: r.id } : {}),
    shortname: r.shortname,
    parameterName: r.parameterName.trim(),
    type: r.type,
    sequence: r.sequence,
    userentry: r.userentry,
    unittype: r.unittype,
    minlength: orNull(r.minlength),
    maxlength: orNull(r.maxlength),
    maxlength1: orNull(r.maxlength1),
    decimalplaces: orNull(r.decimalplaces),
    allownegative: r.allownegative,
    allownegativeforfloat: r.allownegativeforfloat,
    lessthncurrentdate: r.lessthncurrentdate,
    greatthncurrentdate: r.greatthncurrentdate,
    currentdate: r.currentdate,
    booleanyes: orNull(r.booleanyes),
    booleanno: orNull(r.booleanno),
    commonmastertype: orNull(r.commonmastertype),
    commonmastertypeid: typeof r.commonmastertype === 'number' ? r.commonmastertype : null,
    mandatory: r.mandatory,
    status: 'Y',
  };
}

function Select({ id, label, value, onChange, placeholder, children }: {
  id: string; label: string; value: string; onChange(v: string): void; placeholder: string; children: ReactNode;
}) {
  return (
    <TextField
      id={id}
      select
      label={label}
      size="small"
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{placeholder}</option>
      {children}
    </TextField>
  );
}

/** A configured parameter as the list shows it (its place in the table is `index`). */
interface ConfiguredRow {
  key: string;
  index: number;
  sequence: ParameterTableRow['sequence'];
  shortname: string;
  name: string;
  configuration: string;
  validations: string;
}

/** The rows of a parameter set as stored, by sequence. */
const storedRows = (p: ActivityParameters | undefined): ParameterTableRow[] =>
  (p?.activeList ?? []).map(rowFromLegacy).sort((a, b) => a.sequence - b.sequence);

const LOAD_FAILED = 'The activity could not be loaded.';

function ParameterConfig({ activityId }: { activityId: number }) {
  const dispatch = useDispatch();
  const userID = useSelector(selectUserId);
  const change = useChange();
  const read = useQuery<ActivityParameters>(PARAMETER_ENDPOINTS.getActivityParametersByid, { id: activityId }, {
    failureText: LOAD_FAILED, failureTitle: MSG.oops,
  });
  const types = useQuery<MasterTypeOption[]>(MASTER_TYPES, {}, { failureText: 'The master types could not be loaded.', failureTitle: MSG.oops });
  const masterTypes = useMemo(() => (Array.isArray(types.data) ? types.data : []), [types.data]);
  const loaded = read.data;
  const activity = loaded?.activity ?? null;
  /** The parameter set's version as loaded; a save of a stale set answers 409 and offers Reload. */
  const version = typeof loaded?.version === 'number' ? loaded.version : undefined;
  const [rows, setRows] = useState<ParameterTableRow[]>([]);
  const [form, setForm] = useState<ParameterForm>(() => emptyParameterForm(1));
  const [editing, setEditing] = useState<number | null>(null);
  // A new answer (the first one, a Reload) replaces the table and the form (set during render, as React advises).
  const [shown, setShown] = useState<ActivityParameters | undefined>(undefined);
  if (loaded !== shown) {
    setShown(loaded);
    const stored = storedRows(loaded);
    setRows(stored);
    setForm(emptyParameterForm(nextSequence(stored)));
  }
  const saving = usePending(PARAMETER_ENDPOINTS.saveParameters, SAVE_KEY);
  const reload = () => {
    read.reload();
    types.reload();
  };
  // Changed: the table differs from the stored set, or a parameter is being typed into the form.
  const stored = useMemo(() => storedRows(shown), [shown]);
  const changed = JSON.stringify(rows) !== JSON.stringify(stored) || editing !== null
    || JSON.stringify(form) !== JSON.stringify(emptyParameterForm(form.sequence));
  const unsaved = useUnsavedChanges(changed, saving);

  const typeName = useMemo(() => new Map(masterTypes.map((t) => [String(t.id), t.type])), [masterTypes]);
  /** The table's rows as the list shows them: what each parameter is and how it is checked, in words. */
  const configured = useMemo<ConfiguredRow[]>(() => rows.map((r, index) => {
    const d = describeParameter({ ...r, commonmastertypename: typeName.get(String(r.commonmastertype)) ?? null });
    return {
      key: `${r.sequence}:${r.shortname}`, index, sequence: r.sequence, shortname: r.shortname, name: `${r.parameterName} (${r.shortname})`,
      configuration: d.configuration, validations: d.validations,
    };
  }), [rows, typeName]);

  const set = (patch: Partial<ParameterForm>) => setForm((f) => ({ ...f, ...patch }));

  const onAdd = () => {
    const result = addParameterRow(rows, form, editing);
    const check = validateParameterSet(result.rows.map(rowToPayload));
    if (!check.ok) {
      dispatch(notifyError(check.message, MSG.oops));
      return;
    }
    setRows(result.rows);
    setForm(result.form);
    setEditing(null);
  };

  const onEdit = (index: number) => {
    setEditing(index);
    setForm(editParameterRow(rows, index));
  };

  const onRemove = (index: number) => {
    const result = removeParameterRow(rows, index);
    setRows(result.rows);
    if (editing !== null) {
      setEditing(null);
      setForm(emptyParameterForm(result.sequence));
    } else {
      setForm((f) => ({ ...f, sequence: result.sequence }));
    }
  };

  // A good save toasts and goes back to the activities; a refusal toasts the server's sentence (401, a stale set with
  // its Reload offer below, no answer and 5xx are answered by the data layer).
  const onSave = () => {
    change(PARAMETER_ENDPOINTS.saveParameters, { actid: activityId, activityID: activityId, activeList: rows.map(rowToPayload), userID, version }, {
      key: SAVE_KEY, failureText: PARAM_MSG.failed, failureTitle: MSG.oops,
      outcome: {
        okWhen: { field: 'message', value: 'Success' }, success: { text: PARAM_MSG.saved }, navigate: ACTIVITY_HOME,
        refused: { text: PARAM_MSG.failed, title: MSG.oops }, reasonFirst: true,
      },
    });
  };

  const lengthField = (name: 'minlength' | 'maxlength', label: string) => (
    <TextField
      id={`param-${name}`}
      label={label}
      size="small"
      type="number"
      value={String(form[name])}
      onChange={(e) => {
        const v = numberOf(e.target.value);
        set(name === 'maxlength' ? { maxlength: v, maxlength1: v } : { minlength: v });
      }}
      slotProps={{ htmlInput: { min: 0 } }}
    />
  );

  // The form opens on the stored set only: typed into earlier, the answer would replace what was typed, and a
  // set that could not be loaded must not be saved over the stored one.
  if (shown === undefined) {
    return read.failed ? (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={reload}>Reload</Button>}>
        {LOAD_FAILED}
      </Alert>
    ) : <LinearProgress aria-label="Loading" />;
  }

  return (
    <>
      {unsaved.guard}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 3 }}>
        <TextField id="activity-shortname" label="Activity Short Name" size="small" value={activity?.shortname ?? ''} slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />
        <TextField id="activity-name" label="Activity Name" size="small" value={activity?.activityname ?? ''} slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />
        <TextField id="activity-level" label="Activity Level" size="small" value={activity?.activitylevel ?? ''} slotProps={{ htmlInput: { readOnly: true, maxLength: 20 }, inputLabel: { shrink: true } }} />
      </Box>

      <Box component="form" aria-label="Parameter" noValidate onSubmit={(e) => { e.preventDefault(); onAdd(); }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, alignItems: 'start' }}>
        <TextField
          id="param-shortname"
          label="Short Name"
          size="small"
          value={form.shortname}
          onChange={(e) => set({ shortname: shortnameInput(e.target.value) })}
          slotProps={{ htmlInput: { maxLength: PARAMETER_LIMITS.shortname, style: { textTransform: 'uppercase' } } }}
        />
        <TextField
          id="param-name"
          label="Parameter Name"
          size="small"
          value={form.parameterName}
          onChange={(e) => set({ parameterName: e.target.value })}
          slotProps={{ htmlInput: { maxLength: PARAMETER_LIMITS.parameterName } }}
        />
        <Select id="param-type" label="Type" value={form.type} placeholder="Select Type" onChange={(v) => setForm((f) => selectType(f, v as ParamType | ''))}>
          {PARAM_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </Select>
        <TextField
          id="param-sequence"
          label="Sequence"
          size="small"
          type="number"
          value={String(form.sequence)}
          onChange={(e) => set({ sequence: Number(e.target.value) || 0 })}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <Select id="param-userentry" label="Parameters" value={form.userentry} placeholder="Select Parameters" onChange={(v) => set({ userentry: v as UserEntry | '' })}>
          {USER_ENTRY_OPTIONS.map((o) => <option key={o} value={o}>{o}</option>)}
        </Select>
        <Select id="param-unittype" label="Unit Type" value={form.unittype} placeholder="Select Unit Type" onChange={(v) => setForm((f) => selectUnitType(f, v as UnitType | ''))}>
          {unitTypesFor(form.type).map((u) => <option key={u} value={u}>{u}</option>)}
        </Select>
        {showsOption(form, 'length') ? lengthField('minlength', 'Min Length') : null}
        {showsOption(form, 'length') ? lengthField('maxlength', 'Max Length') : null}
        {showsOption(form, 'decimalPlaces') ? (
          <TextField
            id="param-decimalplaces"
            label="Decimal Places"
            size="small"
            type="number"
            value={String(form.decimalplaces)}
            onChange={(e) => set({ decimalplaces: numberOf(e.target.value) })}
            slotProps={{ htmlInput: { min: 0, step: PARAMETER_LIMITS.decimalStep } }}
          />
        ) : null}
        {showsOption(form, 'allowNegative') ? (
          <FormControlLabel
            label="Allow Negative"
            control={<Checkbox checked={form.allownegative} onChange={(e) => setForm((f) => setAllowNegative(f, e.target.checked))} />}
          />
        ) : null}
        {showsOption(form, 'dateRule') ? (
          <FormGroup>
            {DATE_RULES.map((rule) => (
              <FormControlLabel
                key={rule}
                label={DATE_RULE_LABELS[rule]}
                control={<Checkbox checked={form[DATE_RULE_FLAGS[rule]]} onChange={() => setForm((f) => toggleDateRule(f, rule))} />}
              />
            ))}
          </FormGroup>
        ) : null}
        {showsOption(form, 'booleanLabels') ? (
          <>
            <TextField id="param-booleanyes" label="Yes Label" size="small" value={form.booleanyes} onChange={(e) => set({ booleanyes: e.target.value })}
              slotProps={{ htmlInput: { maxLength: PARAMETER_LIMITS.booleanLabel } }} />
            <TextField id="param-booleanno" label="No Label" size="small" value={form.booleanno} onChange={(e) => set({ booleanno: e.target.value })}
              slotProps={{ htmlInput: { maxLength: PARAMETER_LIMITS.booleanLabel } }} />
          </>
        ) : null}
        {showsOption(form, 'commonMasterType') ? (
          <Select id="param-commonmastertype" label="Common Master Type" value={String(form.commonmastertype)} placeholder="Select Master Type"
            onChange={(v) => set({ commonmastertype: v === '' ? '' : Number(v) })}>
            {masterTypes.map((t) => <option key={t.id} value={t.id}>{t.type}</option>)}
          </Select>
        ) : null}
        <FormControlLabel
          label="Mandatory"
          control={<Checkbox id="param-mandatory" checked={form.mandatory} onChange={(e) => set({ mandatory: e.target.checked })} />}
        />
        <Box>
          <Button type="submit" variant="contained" startIcon={<AddIcon />}>
            Add
          </Button>
        </Box>
      </Box>

      <Box sx={{ mt: 3 }}>
        <ListGrid<ConfiguredRow> label="Configured parameters" rows={configured} rowId={(r) => r.key} noRowsText="No parameters configured yet."
          selected={(r) => r.index === editing}
          columns={[
            { field: 'sequence', header: 'Sequence', flex: 0, width: 100 },
            { field: 'name', header: 'Parameter Name', minWidth: 160 },
            { field: 'configuration', header: 'Configuration', flex: 2, minWidth: 180 },
            { field: 'validations', header: 'Validations', flex: 2, minWidth: 160 },
            {
              field: 'action', header: 'Action', flex: 0, width: 110, render: (r) => (
                <>
                  <IconButton size="small" aria-label={`Edit ${r.shortname}`} title="Edit" onClick={() => onEdit(r.index)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Remove ${r.shortname}`} title="Remove" color="error" onClick={() => onRemove(r.index)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              ),
            },
          ]} />
      </Box>

      <StaleAlert sx={{ mt: 2 }} onReload={reload} />
      <Box sx={{ display: 'flex', gap: 1.5, mt: 3 }}>
        <Button component={RouterLink} to={ACTIVITY_HOME} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={onSave}>
          Save
        </Button>
      </Box>
    </>
  );
}

/** /paramactivity/:id and /Editparamconf/:id (picker false), /paramconf (picker true). */
export default function ParameterConfigPage({ picker = false }: { picker?: boolean }) {
  const params = useParams();
  const routeId = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const [chosen, setChosen] = useState<number | null>(null);
  const activityList = useQuery<ActivityOption[]>(picker ? ACTIVITIES : null, {}, { failureText: 'The activities could not be loaded.', failureTitle: MSG.oops }).data;
  const activities = Array.isArray(activityList) ? activityList : [];

  const activityId = picker ? chosen : routeId;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 2.5 }}>
        Parameter Configuration
      </Typography>
      {picker ? (
        <Box sx={{ mb: 2, maxWidth: 360 }}>
          <Select id="param-activity" label="Activity" value={chosen === null ? '' : String(chosen)} placeholder="Select Activity"
            onChange={(v) => setChosen(v ? Number(v) : null)}>
            {activities.map((a) => <option key={a.id} value={a.id}>{`${a.shortname} - ${a.activityname}`}</option>)}
          </Select>
        </Box>
      ) : null}
      {activityId !== null ? <ParameterConfig key={activityId} activityId={activityId} /> : null}
    </Paper>
  );
}
