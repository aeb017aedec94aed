/** Routes of the user-group screens (lazily loaded chunk "groups"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const GroupListPage = lazy(() => import(/* webpackChunkName: "groups" */ './group-list-page'));
const GroupFormPage = lazy(() => import(/* webpackChunkName: "groups" */ './group-form-page'));

export const GROUP_PATHS: ReadonlySet<string> = new Set(['/newGrouphome', '/newGroup']);

export function groupRoutes(): RouteObject[] {
  return [
    { path: 'newGrouphome', element: <GroupListPage /> },
    { path: 'newGroup', element: <GroupFormPage /> },
  ];
}
