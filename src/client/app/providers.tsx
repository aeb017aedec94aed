import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { Notifier } from '../lib/notifier/notifier';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme and toasts: shared by the app and the screen tests. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Notifier />
        {children}
      </ThemeProvider>
    </Provider>
  );
}
