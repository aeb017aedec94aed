/** Routes of the microbe search (lazily loaded chunk "search"): SearchMicrobe and searchMicrobeTest are the same screen. */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const SearchPage = lazy(() => import(/* webpackChunkName: "search" */ './search-page'));

export const SEARCH_PATHS: ReadonlySet<string> = new Set(['/SearchMicrobe', '/searchMicrobeTest']);

export function searchRoutes(): RouteObject[] {
  return [
    { path: 'SearchMicrobe', element: <SearchPage /> },
    { path: 'searchMicrobeTest', element: <SearchPage /> },
  ];
}
