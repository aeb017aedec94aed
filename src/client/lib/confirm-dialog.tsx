/**
 * The one confirmation dialog of the app: a question, optionally a reason (amendments, deletions, restores) and
 * optionally the user's password (electronic signatures). Every destructive or record-changing step that needs
 * a second thought goes through it, so they all look and behave the same: the confirm button stays disabled
 * until what is asked for is given, Escape or Cancel changes nothing, and the password never outlives the dialog.
 */
import { useId, useState, type ReactNode } from 'react';
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
  // While the dialog fades out its caller has usually cleared what it was about: keep showing the last texts
  // (updated during render when an open dialog's texts change, React's pattern for state derived from props).
  const [shown, setShown] = useState({ title, children, confirmLabel, reasonLabel });
  if (open && (shown.title !== title || shown.confirmLabel !== confirmLabel || shown.reasonLabel !== reasonLabel)) {
    setShown({ title, children, confirmLabel, reasonLabel });
  }
  const current = open ? { title, children, confirmLabel, reasonLabel } : shown;
  // A fresh dialog each time: no reason or password carried over from the last one.
  const clear = () => {
    setReason('');
    setPassword('');
  };
  const cancel = () => {
    clear();
    onCancel();
  };
  const ready = (!reasonLabel || reason.trim() !== '') && (!askPassword || password !== '') && !busy;
  const confirm = () => {
    if (!ready) return;
    clear();
    onConfirm({ reason: reason.trim(), password });
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : cancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{current.title}</DialogTitle>
      <DialogContent>
        {/* React events bubble through the portal: stop the submit here, or the screen's own form would submit too. */}
        <form id={`${titleId}-form`} onSubmit={(e) => { e.preventDefault(); e.stopPropagation(); confirm(); }}>
          {typeof current.children === 'string' ? <Typography sx={{ mb: 2 }}>{current.children}</Typography> : current.children}
          {current.reasonLabel && (
            <TextField label={current.reasonLabel} value={reason} onChange={(e) => setReason(e.target.value.slice(0, REASON_MAX))}
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
        <Button onClick={cancel} disabled={busy}>Cancel</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" color={destructive ? 'error' : 'primary'} disabled={!ready}>
          {current.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
