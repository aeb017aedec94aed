/**
 * Routes of the microbe search (lazily loaded chunk "search"): SearchMicrobe and searchMicrobeTest are the same
 * screen; showallrecords (All Records) is the same search without a filter, every record in one table.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const SearchPage = lazy(() => import(/* webpackChunkName: "search" */ './search-page'));
const AllRecordsPage = lazy(() => import(/* webpackChunkName: "search" */ './all-records-page'));

export const SEARCH_PATHS: ReadonlySet<string> = new Set(['/SearchMicrobe', '/searchMicrobeTest', '/showallrecords']);

export function searchRoutes(): RouteObject[] {
  return [
    { path: 'SearchMicrobe', element: <SearchPage /> },
    { path: 'searchMicrobeTest', element: <SearchPage /> },
    { path: 'showallrecords', element: <AllRecordsPage /> },
  ];
}
