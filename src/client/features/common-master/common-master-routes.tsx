/** Routes of the common master entry screens (lazily loaded chunk "common-master"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const EntryListPage = lazy(() => import(/* webpackChunkName: "common-master" */ './entry-list-page'));
const EntryFormPage = lazy(() => import(/* webpackChunkName: "common-master" */ './entry-form-page'));

export const COMMON_MASTER_PATHS: ReadonlySet<string> = new Set([
  '/CommonMasterEntry/:id',
  '/CommonMasterHome',
  '/CommonMaster/:id',
  '/EditCommonMaster/:id',
]);

export function commonMasterRoutes(): RouteObject[] {
  return [
    { path: 'CommonMasterEntry/:id', element: <EntryListPage key="entries" /> },
    { path: 'CommonMasterHome', element: <EntryListPage key="home" picker /> },
    { path: 'CommonMaster/:id', element: <EntryFormPage key="add" mode="add" /> },
    { path: 'EditCommonMaster/:id', element: <EntryFormPage key="edit" mode="edit" /> },
  ];
}
