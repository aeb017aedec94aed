/**
 * The signed-in part of the route table, loaded with the shell: every path of shared/contract/routes
 * except the sign-in ones. Screens that exist are real; the others show NotYetAvailable in the shell.
 */
import { Fragment, lazy, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { selectScreenReloads } from '../lib/http-failures';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../../shared/contract/routes';
import BlankHomePage from '../features/shell/blank-home-page';
import Blankpage from '../features/shell/blank-page';
import NotYetAvailable from '../features/shell/not-yet-available';
import { MASTER_PATHS, masterRoutes } from '../features/masters/master-routes';
import { COMMON_MASTER_PATHS, commonMasterRoutes } from '../features/common-master/common-master-routes';
import { PARAMETER_PATHS, parameterRoutes } from '../features/parameters/parameter-routes';
import { USER_PATHS, userRoutes } from '../features/users/user-routes';
import { MICROBE_PATHS, microbeRoutes } from '../features/microbes/microbe-routes';
import { DASHBOARD_PATHS, dashboardRoutes } from '../features/dashboard/dashboard-routes';
import { AUDIT_PATHS, auditRoutes } from '../features/audit/audit-routes';
import { MENU_PATHS, menuRoutes } from '../features/menus/menu-routes';
import { GROUP_PATHS, groupRoutes } from '../features/groups/group-routes';
import { SAMPLE_PATHS, sampleRoutes } from '../features/samples/sample-routes';
import { ISOLATE_PATHS, isolateRoutes } from '../features/isolates/isolate-routes';
import { ACTIVITY_PATHS, activityRoutes } from '../features/activities/activity-routes';
import { SEARCH_PATHS, searchRoutes } from '../features/search/search-routes';
import { HOME_PATH } from './session-constants';
import ShellContainer from './shell-container';
import { ScreenGate } from './screen-gate';
import { ScreenErrorBoundary } from '../lib/screen-error-boundary';
import { SessionLogDownload } from '../lib/session-log-download';
import { ROUTE_SCREENS } from '../../shared/contract/screens';

const ChangePasswordPage = lazy(
  () => import(/* webpackChunkName: "change-password" */ '../features/session/change-password-page'),
);

/** Routes served by the main route tree (app/router.tsx), outside the shell. */
export const OUTSIDE_SHELL = new Set<string>(['/login', '/changePassword/:id']);
/** Routes of the table with a real screen inside the shell. */
const OWN_SCREENS = new Set<string>(['/changePassword', '/BlankHomePage', '/Blankpage', '/homepage', ...MASTER_PATHS, ...COMMON_MASTER_PATHS, ...PARAMETER_PATHS, ...USER_PATHS, ...DASHBOARD_PATHS, ...MICROBE_PATHS, ...MENU_PATHS, ...GROUP_PATHS, ...ACTIVITY_PATHS, ...SAMPLE_PATHS, ...ISOLATE_PATHS, ...AUDIT_PATHS, ...SEARCH_PATHS]);

const relative = (path: string) => path.replace(/^\//, '');

/**
 * Each screen opens only when the user's menu grants it (shared/contract/screens.ts); a route the table
 * does not list opens for nobody.
 */
function gated(routes: RouteObject[]): RouteObject[] {
  return routes.map((r) => {
    if (!r.path || r.path === '*' || !r.element) return r;
    const path = `/${r.path}` as keyof typeof ROUTE_SCREENS;
    const title = ROUTES.find((x) => x.path === path)?.title ?? '';
    // null: any signed-in user; a route missing from the table: nobody.
    const screens = path in ROUTE_SCREENS ? ROUTE_SCREENS[path] : [];
    // Each screen has its own error boundary: a screen that fails (or whose code fails to load) leaves the shell.
    return {
      ...r,
      element: (
        <ScreenErrorBoundary key={r.path}>
          <ScreenGate screens={screens} title={title}>{r.element}</ScreenGate>
        </ScreenErrorBoundary>
      ),
    };
  });
}

export function buildShellRoutes(): RouteObject[] {
  const placeholders: RouteObject[] = ROUTES.filter((r) => !OUTSIDE_SHELL.has(r.path) && !OWN_SCREENS.has(r.path)).map(
    (r) => ({ path: relative(r.path), element: <NotYetAvailable title={r.title} /> }),
  );
  return [
    {
      element: <ShellContainer />,
      children: gated([
        // Settings: the password, and the session log for Redux DevTools (auditors).
        {
          path: 'changePassword',
          element: (
            <>
              <ChangePasswordPage variant="embedded" />
              <SessionLogDownload />
            </>
          ),
        },
        { path: 'BlankHomePage', element: <BlankHomePage /> },
        { path: 'Blankpage', element: <Blankpage /> },
        { path: 'homepage', element: <BlankHomePage /> },
        // Simple masters (lazily loaded chunk "masters").
        ...masterRoutes(),
        // Common master entries (chunk "common-master") and parameter configuration (chunk "parameters").
        ...commonMasterRoutes(),
        ...parameterRoutes(),
        // Employees (users) and their activity access (lazily loaded chunk "users").
        ...userRoutes(),
        // Microbe master and identification (chunk "microbes").
        ...microbeRoutes(),
        // Dashboard and checkData (chunk "dashboard").
        ...dashboardRoutes(),
        // Activity Log (chunk "audit").
        ...auditRoutes(),
        // Menu and user-group administration (chunks "menus" and "groups").
        ...menuRoutes(),
        ...groupRoutes(),
        // Level 1 / Level 2 activity transactions and the approval queue (chunk "activities").
        ...activityRoutes(),
        // Sample inward (chunk "samples") and isolates (chunk "isolates").
        ...sampleRoutes(),
        ...isolateRoutes(),
        // Microbe search (chunk "search").
        ...searchRoutes(),
        ...placeholders,
        // Unknown paths while signed in.
        { path: '*', element: <Navigate to={HOME_PATH} replace /> },
      ]),
    },
  ];
}

export default function ShellRoutes() {
  const routes = useMemo(() => buildShellRoutes(), []);
  const element = useRoutes(routes);
  // The stale offer's fallback Reload (lib/stale-alert) mounts the open screen afresh: it reads everything again.
  const reloads = useSelector(selectScreenReloads);
  return <Fragment key={reloads}>{element}</Fragment>;
}
