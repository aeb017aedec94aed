import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '../../lib/logo';

export const NO_MENU_TEXT = 'No menu has been assigned to you yet. Please contact your administrator.';

/** Where a user without any menu lands after sign-in. */
export default function Blankpage() {
  return (
    <Box
      sx={{
        minHeight: 'calc(100vh - 160px)',
        display: 'flex',
        flexDirection: 'column',
        gap: 3,
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
      }}
    >
      <Logo width={320} />
      <Typography variant="body1" sx={{ color: 'text.secondary', maxWidth: 460 }}>
        {NO_MENU_TEXT}
      </Typography>
    </Box>
  );
}
