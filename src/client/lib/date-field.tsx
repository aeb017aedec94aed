/**
 * A date typed and shown as people read dates here (dd-MMM-yyyy, as the top bar and the lists), whatever the
 * browser's locale: MUI X's DatePicker with the dayjs adapter, in place of the native date input whose text
 * follows the browser (mm/dd/yyyy on an en-US PC). Forms keep ISO days (yyyy-MM-dd), as the contract sends them.
 */
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';

/** The typed and shown format (dayjs tokens): 05-Jan-2026. */
const DATE_FIELD_FORMAT = 'DD-MMM-YYYY';
const ISO_DAY = 'YYYY-MM-DD';
/** The empty field's hint follows the format: DD-MMM-YYYY (MUI's default writes MMMM for any month name). */
const LOCALE_TEXT = { fieldMonthPlaceholder: ({ contentType }: { contentType: string }) => (contentType === 'letter' ? 'MMM' : 'MM') };

const dayOf = (iso: string): Dayjs | null => {
  const d = iso ? dayjs(iso, ISO_DAY) : null;
  return d?.isValid() ? d : null;
};
/** The ISO day of a picked value; '' while it is empty, half-typed or not a date. */
const isoOf = (d: Dayjs | null): string => (d?.isValid() ? d.format(ISO_DAY) : '');

export interface DateFieldProps {
  id?: string;
  name?: string;
  label: string;
  /** The ISO day (yyyy-MM-dd) or ''. */
  value: string;
  /** The ISO day once a whole valid date is typed or picked; '' when the field is emptied or half-typed. */
  onChange(iso: string): void;
  onBlur?(): void;
  /** ISO days: earlier or later dates are shown as errors in the field and not offered in the calendar. */
  min?: string;
  max?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
}

export function DateField({ id, name, label, value, onChange, onBlur, min, max, required, error, helperText, size = 'small', fullWidth, disabled }: DateFieldProps) {
  // What the field holds, which may be half-typed: the form's value replaces it only when the two name different
  // days (set during render, as React advises for state that follows a prop).
  const [draft, setDraft] = useState<Dayjs | null>(() => dayOf(value));
  if (isoOf(draft) !== value && !(value === '' && draft !== null && !draft.isValid())) setDraft(dayOf(value));
  const minDate = min ? (dayOf(min) ?? undefined) : undefined;
  const maxDate = max ? (dayOf(max) ?? undefined) : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} localeText={LOCALE_TEXT}>
      <DatePicker
        label={label}
        value={draft}
        format={DATE_FIELD_FORMAT}
        minDate={minDate}
        maxDate={maxDate}
        disabled={disabled}
        onChange={(d) => {
          setDraft(d);
          const iso = isoOf(d);
          if (iso !== value) onChange(iso);
        }}
        slotProps={{
          textField: { id, name, size, required, error, helperText, fullWidth, onBlur },
          openPickerButton: { 'aria-label': `Choose ${label}` },
        }}
      />
    </LocalizationProvider>
  );
}
