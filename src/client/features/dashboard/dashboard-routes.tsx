/** Routes of the dashboard and checkData (lazily loaded chunk "dashboard"). */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ './dashboard-page'));
const AllSamplesPage = lazy(() => import(/* webpackChunkName: "dashboard" */ './all-samples-page'));

export const DASHBOARD_PATHS: ReadonlySet<string> = new Set(['/dashboard', '/checkData']);

export function dashboardRoutes(): RouteObject[] {
  return [
    { path: 'dashboard', element: <DashboardPage /> },
    { path: 'checkData', element: <AllSamplesPage /> },
  ];
}
