/** Route of the isolate screen (lazily loaded chunk "isolates"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const IsolatePage = lazy(() => import(/* webpackChunkName: "isolates" */ './isolate-page'));

export const ISOLATE_PATHS: ReadonlySet<string> = new Set(['/Isolate']);

export function isolateRoutes(): RouteObject[] {
  return [{ path: 'Isolate', element: <IsolatePage /> }];
}
