import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { selectSession } from './session-slice';
import { HOME_PATH } from './session-constants';
import { menuGrants, screensOfMenu } from '../../shared/contract/screens';

export const NOT_IN_MENU_TEXT = 'This screen is not in your menu. Please ask an administrator to grant it.';

/**
 * Opens a route only when the user's menu grants one of its screens (shared/contract/screens.ts).
 * The server refuses the screen's calls anyway; this spares the user a screen of errors. While the
 * menu loads nothing is shown; when it could not be loaded the screen opens and the server decides.
 */
export function ScreenGate({ screens, title, children }: { screens: readonly string[] | null | undefined; title: string; children: ReactNode }) {
  const { menu, menuStatus } = useSelector(selectSession);
  if (screens === null || menuStatus === 'failed') return children;
  if (menuStatus !== 'loaded') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label="Loading your menu" />
      </Box>
    );
  }
  if (menuGrants(screensOfMenu(menu), screens)) return children;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 720 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary', mb: 3 }}>
        {NOT_IN_MENU_TEXT}
      </Typography>
      <Button component={RouterLink} to={HOME_PATH} variant="contained">
        Home
      </Button>
    </Paper>
  );
}
