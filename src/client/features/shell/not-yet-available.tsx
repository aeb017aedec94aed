import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export const NOT_YET_AVAILABLE_TEXT = 'This screen is not available yet.';

/** Placeholder for a route of the route table whose screen is not built yet. */
export default function NotYetAvailable({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 720 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary' }}>
        {NOT_YET_AVAILABLE_TEXT}
      </Typography>
    </Paper>
  );
}
