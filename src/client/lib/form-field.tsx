import type { ChangeEventHandler, FocusEventHandler } from 'react';
import { alpha, styled } from '@mui/material/styles';

export interface FormFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  /** Shown in red under the field. */
  error?: string;
  /** Shown under the field when there is no error. */
  hint?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

const Field = styled('div')(({ theme }) => ({ marginTop: theme.spacing(2) }));

const Label = styled('label')(({ theme }) => ({
  display: 'block',
  marginBottom: theme.spacing(0.75),
  fontSize: theme.typography.pxToRem(14),
  fontWeight: 600,
  color: theme.palette.text.primary,
}));

const Input = styled('input')(({ theme }) => ({
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  padding: '11px 14px',
  font: 'inherit',
  fontSize: theme.typography.pxToRem(16),
  color: theme.palette.text.primary,
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.grey[400]}`,
  borderRadius: theme.shape.borderRadius,
  outline: 'none',
  transition: theme.transitions.create(['border-color', 'box-shadow'], { duration: theme.transitions.duration.shorter }),
  '&:hover:not(:disabled)': { borderColor: theme.palette.text.primary },
  '&:focus-visible, &:focus': {
    borderColor: theme.palette.primary.main,
    boxShadow: `0 0 0 3px ${alpha(theme.palette.primary.main, 0.2)}`,
  },
  '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
  '&[aria-invalid="true"]:focus': { boxShadow: `0 0 0 3px ${alpha(theme.palette.error.main, 0.2)}` },
  '&:disabled': { color: theme.palette.text.disabled, backgroundColor: theme.palette.action.hover },
  '&[readonly]': { backgroundColor: theme.palette.action.hover },
}));

const Helper = styled('p')<{ error?: boolean }>(({ theme }) => ({
  margin: `${theme.spacing(0.5)} ${theme.spacing(0.25)} 0`,
  fontSize: theme.typography.pxToRem(12.5),
  lineHeight: 1.5,
  color: theme.palette.text.secondary,
  variants: [{ props: { error: true }, style: { color: theme.palette.error.main } }],
}));

/**
 * A labelled text input for the simple forms (sign-in, change password): a native input styled from
 * the theme. MUI's TextField would add its input stack and Select (menus, popovers, modal) to the
 * sign-in download, which has a 150 KB budget.
 */
export function FormField({ id, label, error, hint, ...input }: FormFieldProps) {
  const helper = error || hint;
  const helperId = helper ? `${id}-helper` : undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={helperId} {...input} />
      {helper ? (
        <Helper id={helperId} error={Boolean(error)}>
          {helper}
        </Helper>
      ) : null}
    </Field>
  );
}
