import { useMemo } from 'react';
import { HashRouter, useRoutes } from 'react-router-dom';
import type { AppStore } from './store';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

/** The route tree (declarative routing: no loaders are used, and it keeps the sign-in bundle small). */
export function AppRoutes() {
  const routes = useMemo(() => buildRoutes(), []);
  return useRoutes(routes);
}

export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      {/* Location updates render at once with the click that caused them (no transition): the URL, the
          page title and the screen change together. */}
      <HashRouter useTransitions={false}>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
