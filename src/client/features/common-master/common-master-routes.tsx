/** Routes of the common master entry screens (lazily loaded chunk "common-master"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const EntryListPage = lazy(() => import(/* webpackChunkName: "common-master" */ './entry-list-page'));
const EntryFormPage = lazy(() => import(/* webpackChunkName: "common-master" */ './entry-form-page'));

export const COMMON_MASTER_PATHS: ReadonlySet<string> = new Set([
  '/CommonMasterEntry',
  '/CommonMasterEntry/:id',
  '/CommonMasterHome',
  '/CommonMaster',
  '/CommonMaster/:id',
  '/EditCommonMaster/:id',
]);

export function commonMasterRoutes(): RouteObject[] {
  return [
    // Without a type in the address, the entries screen asks for one (a type picker above the list, as on
    // CommonMasterHome, the menu's "Common Master Entry") rather than bouncing the user to another screen.
    { path: 'CommonMasterEntry', element: <EntryListPage key="pick" picker /> },
    { path: 'CommonMasterEntry/:id', element: <EntryListPage key="entries" /> },
    { path: 'CommonMasterHome', element: <EntryListPage key="home" picker /> },
    // Without a type, the new-entry form starts with the type to add to (a select in place of the
    // read-only Master Type); after saving, the entries of the chosen type are shown.
    { path: 'CommonMaster', element: <EntryFormPage key="add-pick" mode="add" /> },
    { path: 'CommonMaster/:id', element: <EntryFormPage key="add" mode="add" /> },
    { path: 'EditCommonMaster/:id', element: <EntryFormPage key="edit" mode="edit" /> },
  ];
}
