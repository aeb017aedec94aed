/** The Activity Log's filter bar: user, entity, action, from/to dates (the lab's calendar) and free text. */
import { Formik, Form } from 'formik';
import * as yup from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { AuditFilterOptions } from '../../../shared/contract/audit-endpoints';
import { EMPTY_FILTER, type AuditFilterForm } from './audit-slice';
import { DateField } from '../../lib/date-field';

export const FILTER_LABELS = {
  user: 'User', entity: 'Entity', action: 'Action', fromDate: 'From Date', toDate: 'To Date', text: 'Record ID / Reason',
} as const;

const schema = yup.object({
  fromDate: yup.string(),
  toDate: yup.string().test('after-from', 'To Date must not be before From Date.', function check(to) {
    const from = this.parent.fromDate as string | undefined;
    return !from || !to || to >= from;
  }),
  text: yup.string().max(200, 'Search text must be at most 200 characters.'),
});

export interface AuditFilterBarProps {
  value: AuditFilterForm;
  options: AuditFilterOptions;
  disabled?: boolean;
  onApply(filter: AuditFilterForm): void;
}

export function AuditFilterBar({ value, options, disabled = false, onApply }: AuditFilterBarProps) {
  return (
    <Formik initialValues={value} validationSchema={schema} enableReinitialize onSubmit={(v) => onApply(v)}>
      {(f) => {
        const field = (name: keyof AuditFilterForm) => ({
          id: `audit-filter-${name}`,
          name,
          label: FILTER_LABELS[name],
          value: f.values[name],
          onChange: f.handleChange,
          onBlur: f.handleBlur,
          size: 'small' as const,
          error: Boolean(f.errors[name]),
          helperText: f.errors[name],
        });
        const dateField = (name: 'fromDate' | 'toDate') => ({
          id: `audit-filter-${name}`, name, label: FILTER_LABELS[name], value: f.values[name], error: Boolean(f.errors[name]), helperText: f.errors[name],
          onChange: (iso: string) => void f.setFieldValue(name, iso), onBlur: () => void f.setFieldTouched(name, true),
        });
        const select = { select: true, slotProps: { select: { native: true }, inputLabel: { shrink: true } } };
        return (
          <Box component={Form} role="search" aria-label="Activity Log filters" className="audit-no-print" noValidate
            sx={{
              display: 'grid', gap: 1.5, alignItems: 'start', mb: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr)) 170px 170px minmax(180px, 1.3fr) auto' },
            }}>
            <TextField {...field('user')} {...select}>
              <option value="">Any user</option>
              {options.users.map((u) => <option key={`${u.id}-${u.username}`} value={String(u.id)}>{u.username}</option>)}
            </TextField>
            <TextField {...field('entity')} {...select}>
              <option value="">Any entity</option>
              {options.entities.map((e) => <option key={e} value={e}>{e}</option>)}
            </TextField>
            <TextField {...field('action')} {...select}>
              <option value="">Any action</option>
              {options.actions.map((a) => <option key={a} value={a}>{a}</option>)}
            </TextField>
            <DateField {...dateField('fromDate')} max={f.values.toDate || undefined} />
            <DateField {...dateField('toDate')} min={f.values.fromDate || undefined} />
            <TextField {...field('text')} type="search" slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200 } }} />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={disabled}>Search</Button>
              <Button type="button" onClick={() => { f.resetForm({ values: EMPTY_FILTER }); onApply(EMPTY_FILTER); }} disabled={disabled}>Clear</Button>
            </Box>
          </Box>
        );
      }}
    </Formik>
  );
}
