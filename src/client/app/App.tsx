import { useMemo } from 'react';
import { unstable_HistoryRouter as HistoryRouter, useRoutes } from 'react-router-dom';
import { createGuardedHashHistory } from '../lib/navigation/leave-guard';
import type { AppStore } from './store';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

/** The route tree under a plain router (unit tests render it in a MemoryRouter). */
export function AppRoutes() {
  const routes = useMemo(() => buildRoutes(), []);
  return useRoutes(routes);
}

export function App({ store }: { store: AppStore }) {
  // The hash history holds a move away from a changed form until the user answers (lib/unsaved-changes).
  const history = useMemo(() => createGuardedHashHistory(), []);
  return (
    <AppProviders store={store}>
      {/* Location updates render at once with the click that caused them (no transition): the URL, the
          page title and the screen change together. */}
      <HistoryRouter history={history} useTransitions={false}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>
  );
}
