import Box from '@mui/material/Box';
import { Logo } from '../../lib/logo';

/** The signed-in home: only the logo (spec 000 section 2). */
export default function BlankHomePage() {
  return (
    <Box sx={{ minHeight: 'calc(100vh - 160px)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Logo width={360} />
    </Box>
  );
}
