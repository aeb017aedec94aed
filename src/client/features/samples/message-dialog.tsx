/** A small dialog with a title, one message and OK (the OTP and 'Save Message' answers of spec 001 section 8). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

export interface DialogMessage { title: string; message: string }

export default function MessageDialog({ shown, onClose }: { shown: DialogMessage | null; onClose(): void }) {
  return (
    <Dialog open={shown !== null} onClose={onClose} aria-labelledby="message-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="message-dialog-title">{shown?.title}</DialogTitle>
      <DialogContent>
        <Typography variant="h5" component="p" data-testid="dialog-message" sx={{ fontWeight: 600, letterSpacing: 1 }}>
          {shown?.message}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
