import { useMemo } from 'react';
import { createHashRouter, RouterProvider, useRoutes } from 'react-router-dom';
import type { AppStore } from './store';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

/** The route tree under a plain router (unit tests render it in a MemoryRouter). */
export function AppRoutes() {
  const routes = useMemo(() => buildRoutes(), []);
  return useRoutes(routes);
}

export function App({ store }: { store: AppStore }) {
  // A data router (no loaders are used): it is what lets a changed form ask before it is left (useBlocker).
  const router = useMemo(() => createHashRouter(buildRoutes()), []);
  return (
    <AppProviders store={store}>
      {/* Location updates render at once with the click that caused them (no transition): the URL, the
          page title and the screen change together. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProviders>
  );
}
