import { createTheme } from '@mui/material/styles';

/** Soil and leaf: a green primary, an earthy brown secondary, calm neutral surfaces. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d32', light: '#60ad5e', dark: '#005005', contrastText: '#ffffff' },
    secondary: { main: '#6d4c41', light: '#9c786c', dark: '#40241a', contrastText: '#ffffff' },
    background: { default: '#f5f6f2', paper: '#ffffff' },
    // Inactive rows and placeholders are read, not just seen: MUI's 0.38 gives 2.6:1 on a grey row, this 5:1.
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)', disabled: 'rgba(0, 0, 0, 0.58)' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    // The keyboard's place in menus and lists: a ring, not only MUI's faint grey fill.
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid #2e7d32', outlineOffset: -2 } } },
    },
  },
});
