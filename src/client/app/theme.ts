import { createTheme } from '@mui/material/styles';

/** Soil and leaf: a green primary, an earthy brown secondary, calm neutral surfaces. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d32', light: '#60ad5e', dark: '#005005', contrastText: '#ffffff' },
    secondary: { main: '#6d4c41', light: '#9c786c', dark: '#40241a', contrastText: '#ffffff' },
    background: { default: '#f5f6f2', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
