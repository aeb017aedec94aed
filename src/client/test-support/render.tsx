import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createAppStore, type AppStoreOptions } from '../app/store';
import { RouterBridge } from '../lib/navigation/router-bridge';

/** Shows the current path, so tests can assert navigation. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="location">{pathname}</output>
      <output data-testid="location-search">{search}</output>
    </>
  );
}

export interface RenderAppOptions extends AppStoreOptions {
  /** Initial path of the memory router. */
  route?: string;
  /** Route pattern the UI is mounted at (default: every path). */
  path?: string;
  /** Mount the navigation bridge (default true; the app's own route tree brings its own). */
  bridge?: boolean;
}

/** Renders a screen through the real store (sagas running), providers and a memory router. */
export function renderWithApp(ui: ReactElement, { route = '/', path = '*', bridge = true, ...storeOptions }: RenderAppOptions = {}) {
  const { store, task } = createAppStore(storeOptions);
  const utils = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]} useTransitions={false}>
        {bridge ? <RouterBridge /> : null}
        <LocationProbe />
        <Routes>
          <Route path={path} element={ui} />
          {path === '*' ? null : <Route path="*" element={null} />}
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, store, task };
}
