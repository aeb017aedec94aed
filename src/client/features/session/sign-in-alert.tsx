import Alert from '@mui/material/Alert';

/** The transport-failure alert of the sign-in page (loaded only when needed). */
export default function SignInAlert({ text, onClose }: { text: string; onClose(): void }) {
  return (
    <Alert severity="error" sx={{ mt: 2 }} onClose={onClose} role="alert">
      {text}
    </Alert>
  );
}
