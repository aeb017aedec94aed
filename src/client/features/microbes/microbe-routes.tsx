/**
 * The routes of the microbe screens (spec 001 section 2): the microbe master list and entry form and the
 * microbe identification of an isolate, served by the lazily loaded chunk "microbes".
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const MicrobesScreen = lazy(() => import(/* webpackChunkName: "microbes" */ './microbes-screen'));

export const MICROBE_PATHS: ReadonlySet<string> = new Set([
  '/MicrobeMaster', '/MicrobeMaster/:sum', '/MicrobeMasterEntry', '/MicrobeMasterEntry/:id',
  '/MicrobeIdentification', '/MicrobeIdentification/:id/:samplenov/:pageno',
]);

export function microbeRoutes(): RouteObject[] {
  return [
    { path: 'MicrobeMaster', element: <MicrobesScreen key="list" screen="list" /> },
    // The page parameter of the legacy route: the list keeps its own page, so it is not read.
    { path: 'MicrobeMaster/:sum', element: <MicrobesScreen key="list" screen="list" /> },
    { path: 'MicrobeMasterEntry', element: <MicrobesScreen key="add" screen="form" /> },
    { path: 'MicrobeMasterEntry/:id', element: <MicrobesScreen key="edit" screen="form" /> },
    // From the menu (no isolate): the isolates awaiting identification, each opening the screen below.
    { path: 'MicrobeIdentification', element: <MicrobesScreen key="awaiting" screen="awaiting" /> },
    { path: 'MicrobeIdentification/:id/:samplenov/:pageno', element: <MicrobesScreen key="ident" screen="identification" /> },
  ];
}
