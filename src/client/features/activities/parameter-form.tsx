/**
 * The two-column dynamic form of the parameter screens (spec 001 sections 2 and 5), rendered from the
 * activity's parameter configuration. Values are checked with the SHARED parameterValuesSchema (the server
 * checks the submitted values with the same rules): mandatory fields carry a red asterisk and
 * '{parameterName} is required.' while empty, min/max length, no negatives, at most 2 decimals
 * ('Please Check Decimal Values!', titled Oops; a number is rounded to its configured places on leaving
 * the field), date rules (min/max on the date input, the rule's message). Every input is disabled unless
 * the screen allows editing (the stored flag edit). A field's message shows once it was left or a submit
 * was tried (a form does not open all red). A submit with errors marks every field touched and toasts once
 * 'Please fill all mandatory fields!' when a mandatory field is empty, else `invalidMessage`; an edit that
 * empties a mandatory field toasts it too, and no other edit does. Leaving the changed form asks first.
 */
import { useMemo, useRef, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Formik, type FormikErrors, type FormikProps } from 'formik';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MSG } from '../../../shared/contract/messages';
import { DEFAULT_BOOLEAN_LABELS, VALUE_MSG, parameterValuesSchema, validateParameterValue } from '../../../shared/parameters';
import { WORKFLOW_MSG } from '../../../shared/workflow';
import { notifyError } from '../../lib/notifier/notify-slice';
import { UnsavedChangesGuard } from '../../lib/unsaved-changes';
import { MasterAutocomplete } from './master-autocomplete';
import {
  dateBounds, emptyMandatory, fieldKindOf, hasTooManyDecimals, inSequence, ruleOf, startValues, todayText, type ParameterRow,
} from './parameter-fields';
import { DateField } from '../../lib/date-field';

export type ParameterValues = Record<string, string>;

export interface ParameterFormApi {
  formik: FormikProps<ParameterValues>;
  /** Validates; on errors marks all touched and toasts; otherwise calls onSubmit. */
  submit(): Promise<void>;
}

export interface ParameterFormProps {
  id: string;
  parameters: readonly ParameterRow[];
  /** Recorded values by short name. */
  values?: Readonly<Record<string, unknown>>;
  disabled?: boolean;
  /** Today as YYYY-MM-DD (tests); defaults to the local date. */
  today?: string;
  /** The toast when the form is invalid but no mandatory field is empty (Level 2: 'Please Check All fields Again!'). */
  invalidMessage?: string;
  onSubmit(values: ParameterValues): void;
  /** The controls below the form (status messages, buttons). */
  children?: (api: ParameterFormApi) => ReactNode;
}

/** The red asterisk of mandatory fields. */
const requiredSx = { '& .MuiFormLabel-asterisk': { color: 'error.main' } } as const;

export function ParameterForm({ id, parameters, values, disabled = false, today, invalidMessage = WORKFLOW_MSG.checkAll, onSubmit, children }: ParameterFormProps) {
  const dispatch = useDispatch();
  const rows = useMemo(() => inSequence(parameters), [parameters]);
  const day = todayText(today);
  const schema = useMemo(() => parameterValuesSchema(rows.map(ruleOf), { today: day }), [rows, day]);
  const initialValues = useMemo(() => startValues(rows, values), [rows, values]);
  /** The value of each field when it was focused: a blur after a change is an edit. */
  const focusValue = useRef<Record<string, string>>({});

  const oops = (message: string) => dispatch(notifyError(message, MSG.oopsTitle));

  return (
    <Formik<ParameterValues> initialValues={initialValues} validationSchema={schema} enableReinitialize onSubmit={(v) => onSubmit(v)}>
      {(formik) => {
        const submit = async () => {
          const errors: FormikErrors<ParameterValues> = await formik.validateForm();
          if (Object.keys(errors).length > 0) {
            formik.setTouched(Object.fromEntries(rows.map((p) => [p.shortname, true])), false);
            oops(emptyMandatory(rows, formik.values).length > 0 ? WORKFLOW_MSG.mandatoryMissing : invalidMessage);
            return;
          }
          onSubmit(formik.values);
        };

        const focus = (name: string) => {
          focusValue.current[name] = formik.values[name] ?? '';
        };
        const blur = (p: ParameterRow, current?: string) => {
          const name = p.shortname;
          const value = current ?? formik.values[name] ?? '';
          void formik.setFieldTouched(name, true, true);
          const rule = ruleOf(p);
          // A number is rounded to its configured decimal places.
          if (fieldKindOf(p) === 'number' && value !== '') {
            const r = validateParameterValue(rule, value, { today: day });
            if (r.ok && r.value && r.value.text !== value) void formik.setFieldValue(name, r.value.text, true);
          }
          const edited = name in focusValue.current && focusValue.current[name] !== value;
          delete focusValue.current[name];
          // Only the edit that empties a mandatory field says so: editing one field while others are still empty is no mistake.
          if (edited && rule.mandatory && value.trim() === '') oops(VALUE_MSG.mandatoryFields);
        };

        return (
          <form id={id} noValidate onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
              {rows.map((p) => {
                const name = p.shortname;
                const rule = ruleOf(p);
                const value = formik.values[name] ?? '';
                const error = formik.errors[name];
                // '{parameterName} is required.' (a mandatory field left empty) and other errors, once the field was left or a submit tried.
                const shown = !formik.touched[name] ? undefined
                  : rule.mandatory && value.trim() === '' ? VALUE_MSG.required(p.parameterName)
                    : typeof error === 'string' ? error : undefined;
                const fieldId = `${id}-${name}`;
                const common = {
                  id: fieldId,
                  label: p.parameterName,
                  required: rule.mandatory,
                  disabled,
                  error: Boolean(shown),
                  helperText: shown,
                };
                const kind = fieldKindOf(p);
                if (kind === 'master') {
                  return (
                    <Box key={name} sx={requiredSx} onFocus={() => focus(name)}>
                      <MasterAutocomplete
                        {...common}
                        masterType={p.commonmastertype ?? ''}
                        value={value}
                        onChange={(v) => void formik.setFieldValue(name, v, true)}
                        onBlur={() => blur(p)}
                      />
                    </Box>
                  );
                }
                const textProps = {
                  ...common,
                  name,
                  value,
                  size: 'small' as const,
                  fullWidth: true,
                  sx: requiredSx,
                  onFocus: () => focus(name),
                  onBlur: () => blur(p),
                  onChange: (e: { target: { value: string } }) => {
                    const text = e.target.value;
                    if (kind === 'number' && hasTooManyDecimals(text) && !hasTooManyDecimals(value)) oops(WORKFLOW_MSG.checkDecimals);
                    void formik.setFieldValue(name, text, true);
                  },
                };
                if (kind === 'number') {
                  const step = p.unittype === 'Integer' ? 1 : 0.01;
                  return (
                    <TextField key={name} {...textProps} type="number"
                      slotProps={{ htmlInput: { step, ...(rule.allowNegative ? {} : { min: 0 }) } }} />
                  );
                }
                if (kind === 'date') {
                  const bounds = dateBounds(rule.dateRule, day);
                  return (
                    <Box key={name} sx={requiredSx} onFocus={() => focus(name)}>
                      <DateField {...common} name={name} value={value} fullWidth min={bounds.min} max={bounds.max}
                        onChange={(iso) => void formik.setFieldValue(name, iso, true)} onBlur={() => blur(p)} />
                    </Box>
                  );
                }
                if (kind === 'boolean') {
                  const yes = rule.booleanYes ?? DEFAULT_BOOLEAN_LABELS.yes;
                  const no = rule.booleanNo ?? DEFAULT_BOOLEAN_LABELS.no;
                  return (
                    <TextField key={name} {...textProps} select>
                      <MenuItem value="">&nbsp;</MenuItem>
                      <MenuItem value={yes}>{yes}</MenuItem>
                      <MenuItem value={no}>{no}</MenuItem>
                    </TextField>
                  );
                }
                if (kind === 'getData') {
                  return <TextField key={name} {...textProps} slotProps={{ htmlInput: { readOnly: true } }} />;
                }
                return (
                  <TextField key={name} {...textProps} multiline minRows={2}
                    slotProps={{ htmlInput: rule.maxLength != null ? { maxLength: rule.maxLength } : {} }} />
                );
              })}
            </Box>
            {children?.({ formik, submit })}
            <UnsavedChangesGuard when={formik.dirty && !disabled} />
          </form>
        );
      }}
    </Formik>
  );
}
