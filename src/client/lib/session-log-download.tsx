import { useStore } from 'react-redux';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { saveFile } from './save-file';
import { sessionLogOf } from './session-log';

export const SESSION_LOG_TITLE = 'Session log';
export const SESSION_LOG_TEXT =
  'What you did in this session, as Redux DevTools records it, without passwords or tokens. Import the file in Redux DevTools to replay it.';
export const SESSION_LOG_BUTTON = 'Download my session log';

/** Settings: downloads the sanitized action log of this session (lib/session-log) as JSON. */
export function SessionLogDownload() {
  const store = useStore();
  const download = () => {
    const log = sessionLogOf(store);
    if (!log) return;
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    saveFile(new Blob([log.exportForDevTools()], { type: 'application/json' }), `session-log-${stamp}.json`);
  };
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3, maxWidth: 560 }}>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 600 }}>
        {SESSION_LOG_TITLE}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {SESSION_LOG_TEXT}
      </Typography>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
        {SESSION_LOG_BUTTON}
      </Button>
    </Paper>
  );
}
