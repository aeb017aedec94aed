import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { Notifier } from '../lib/notifier/notifier';
import { ReauthDialog } from '../features/session/reauth-dialog';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme, toasts and the sign-in dialog of an ended session: shared by the app and the screen tests. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Notifier />
        {children}
        <ReauthDialog />
      </ThemeProvider>
    </Provider>
  );
}
