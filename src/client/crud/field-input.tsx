/**
 * One form input per field kind of a resource definition: text, textarea, integer, select (native), boolean
 * (checkbox), choice (exclusive checkboxes; clicking the ticked one clears it) and a field behind a switch
 * (`enabledBy`: a checkbox revealing the input). Labels are the definition's; max lengths are input limits.
 * Each input keeps a line for its message, empty until there is one.
 */
import type { FocusEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import type { FieldDef } from '../../shared/resources/types';
import type { FormValues } from './form-values';

export interface FieldInputProps {
  /** Prefix of the element ids (the resource name). */
  idPrefix: string;
  field: FieldDef;
  values: FormValues;
  /** The message shown under the input (only once the field was touched). */
  error?: string;
  /** Sets a field (and, in the same update, the fields of `also`). */
  setValue(name: string, value: string | boolean, also?: FormValues): void;
  onBlur(event: FocusEvent<HTMLElement>): void;
  disabled?: boolean;
  /** Shown at the start of a text input (e.g. the mobile number's fixed country code). */
  startAdornment?: ReactNode;
}

/** Characters an input accepts: the definition's limit, or for a bounded integer the digits of its maximum. */
export function inputLimit(f: FieldDef): number | undefined {
  if (f.maxLength != null) return f.maxLength;
  if (f.kind === 'integer' && f.max != null) return String(f.max).length;
  return undefined;
}

function Input({ idPrefix, field: f, values, error, setValue, onBlur, disabled, startAdornment }: FieldInputProps) {
  const id = `${idPrefix}-${f.name}`;
  const value = typeof values[f.name] === 'string' ? (values[f.name] as string) : '';
  const common = {
    id,
    name: f.name,
    label: f.label,
    value,
    onBlur,
    disabled,
    error: Boolean(error),
    // A blank line when there is no message: a message appearing does not push what is below (a click would miss).
    helperText: error ?? ' ',
    fullWidth: true,
    size: 'small' as const,
  };
  const required = f.required ? { 'aria-required': true } : {};
  switch (f.kind) {
    case 'select':
      return (
        <TextField
          {...common}
          select
          onChange={(e) => setValue(f.name, e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: required }}
        >
          <option value="">{f.placeholder ?? 'Select'}</option>
          {(f.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
      );
    case 'textarea':
    case 'text':
    case 'integer':
    default:
      return (
        <TextField
          {...common}
          multiline={f.kind === 'textarea'}
          minRows={f.kind === 'textarea' ? 3 : undefined}
          onChange={(e) => setValue(f.name, f.uppercase ? e.target.value.toUpperCase() : e.target.value)}
          slotProps={{
            ...(startAdornment ? { input: { startAdornment } } : {}),
            htmlInput: {
              maxLength: inputLimit(f),
              ...(f.kind === 'integer' ? { inputMode: 'numeric' as const } : {}),
              ...(f.uppercase ? { style: { textTransform: 'uppercase' as const } } : {}),
              ...required,
            },
          }}
        />
      );
  }
}

/** A group of exclusive checkboxes (the unit type): ticking one sets its value, ticking the ticked one clears it. */
function Choice({ idPrefix, field: f, values, error, setValue, disabled }: FieldInputProps) {
  const labelId = `${idPrefix}-${f.name}-label`;
  const value = values[f.name];
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend" sx={{ fontSize: 14, mb: 0.5 }}>
        {f.label}
      </FormLabel>
      <FormGroup row>
        {(f.options ?? []).map((o) => (
          <FormControlLabel
            key={o.value}
            label={o.label}
            control={
              <Checkbox
                name={f.name}
                value={o.value}
                checked={value === o.value}
                onChange={(e) => setValue(f.name, e.target.checked ? o.value : '')}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}

/** A checkbox. */
export function BooleanInput({ idPrefix, field: f, values, setValue, disabled }: FieldInputProps) {
  return (
    <FormControlLabel
      label={f.label}
      disabled={disabled}
      control={
        <Checkbox id={`${idPrefix}-${f.name}`} name={f.name} checked={values[f.name] === true} onChange={(e) => setValue(f.name, e.target.checked)} />
      }
    />
  );
}

/** Any field but a boolean (booleans are laid out in groups, see ResourceFormPage). */
export function FieldInput(props: FieldInputProps) {
  const { idPrefix, field: f, values, setValue, disabled } = props;
  if (f.kind === 'choice') return <Choice {...props} />;
  if (f.enabledBy) {
    const on = values[f.enabledBy] === true;
    const flag = f.enabledBy;
    return (
      <Box>
        <FormControlLabel
          label={f.label}
          disabled={disabled}
          control={
            <Checkbox
              id={`${idPrefix}-${flag}`}
              name={flag}
              checked={on}
              onChange={(e) => setValue(flag, e.target.checked, e.target.checked ? undefined : { [f.name]: '' })}
            />
          }
        />
        {on ? <Input {...props} /> : null}
      </Box>
    );
  }
  return <Input {...props} />;
}
