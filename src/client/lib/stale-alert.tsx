import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The answer to a stale save (409: someone else changed the record meanwhile): the server's sentence and a
 * Reload button that loads the current copy. The form keeps the user's edits until they reload. Shows nothing
 * while `message` is empty.
 */
export function StaleAlert({ message, onReload, sx }: { message: string | null | undefined; onReload: () => void; sx?: SxProps<Theme> }) {
  if (!message) return null;
  return (
    <Alert
      severity="warning"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          Reload
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
