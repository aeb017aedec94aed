/**
 * The one confirmation dialog of the app: a question, optionally a reason (amendments, deletions, restores) and
 * optionally the user's password (electronic signatures). Every destructive or record-changing step that needs
 * a second thought goes through it, so they all look and behave the same: the confirm button stays disabled
 * until what is asked for is given, Escape or Cancel changes nothing, and the password never outlives the dialog.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** Longest reason a user can type (the server keeps up to 500 characters). */
export const REASON_MAX = 500;

export interface ConfirmAnswer {
  reason: string;
  password: string;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen (and for a signature, its meaning). */
  children?: ReactNode;
  confirmLabel: string;
  /** Ask for a reason; the text is the field's label. */
  reasonLabel?: string;
  /** Ask for the user's password (a signature). */
  askPassword?: boolean;
  destructive?: boolean;
  busy?: boolean;
  onConfirm(answer: ConfirmAnswer): void;
  onCancel(): void;
}

export function ConfirmDialog({
  open, title, children, confirmLabel, reasonLabel, askPassword = false, destructive = false, busy = false, onConfirm, onCancel,
}: ConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const titleId = useId();
  // A fresh dialog each time it opens: no reason or password carried over from the last one.
  useEffect(() => {
    if (!open) {
      setReason('');
      setPassword('');
    }
  }, [open]);
  const ready = (!reasonLabel || reason.trim() !== '') && (!askPassword || password !== '') && !busy;
  const confirm = () => {
    if (ready) onConfirm({ reason: reason.trim(), password });
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <form id={`${titleId}-form`} onSubmit={(e) => { e.preventDefault(); confirm(); }}>
          {typeof children === 'string' ? <Typography sx={{ mb: 2 }}>{children}</Typography> : children}
          {reasonLabel && (
            <TextField label={reasonLabel} value={reason} onChange={(e) => setReason(e.target.value.slice(0, REASON_MAX))}
              required multiline minRows={2} fullWidth autoFocus margin="dense"
              helperText={`${reason.length}/${REASON_MAX}`} slotProps={{ htmlInput: { maxLength: REASON_MAX } }} />
          )}
          {askPassword && (
            <TextField label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)}
              required fullWidth autoFocus={!reasonLabel} margin="dense" autoComplete="current-password" />
          )}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>Cancel</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" color={destructive ? 'error' : 'primary'} disabled={!ready}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
