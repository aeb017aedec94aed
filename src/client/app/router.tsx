/**
 * Hash routes (spec 001 section 2). The main tree holds only what a signed-out user can reach; every
 * other path goes to the shell's route tree (app/shell-routes.tsx), which is code-split with the shell,
 * so the sign-in route loads neither the shell, its icons nor the route table.
 */
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { RouterBridge } from '../lib/navigation/router-bridge';
import { ScreenErrorBoundary } from '../lib/screen-error-boundary';
import { HomeRedirect, RequirePasswordOwner, RequireSession } from './guards';

const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../features/session/login-page'));
const ChangePasswordPage = lazy(
  () => import(/* webpackChunkName: "change-password" */ '../features/session/change-password-page'),
);
const ShellRoutes = lazy(() => import(/* webpackChunkName: "shell" */ './shell-routes'));

/** Shown while a screen's code loads (kept free of MUI components: it is on the sign-in path). */
function PageLoading() {
  return (
    <div role="status" aria-label="Loading" style={{ minHeight: '60vh' }}>
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Loading…</span>
    </div>
  );
}

function RootLayout() {
  return (
    <>
      <RouterBridge />
      <ScreenErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        { index: true, element: <HomeRedirect /> },
        { path: 'login', element: <LoginPage /> },
        {
          path: 'changePassword/:id',
          element: (
            <RequirePasswordOwner>
              <ChangePasswordPage variant="standalone" />
            </RequirePasswordOwner>
          ),
        },
        {
          path: '*',
          element: (
            <RequireSession>
              <ShellRoutes />
            </RequireSession>
          ),
        },
      ],
    },
  ];
}
