/** Route of the Activity Log (lazily loaded chunk "audit"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const ActivityLogPage = lazy(() => import(/* webpackChunkName: "audit" */ './activity-log-page'));

export const AUDIT_PATHS: ReadonlySet<string> = new Set(['/auditLog']);

export function auditRoutes(): RouteObject[] {
  return [{ path: 'auditLog', element: <ActivityLogPage /> }];
}
