import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { selectSession } from './session-slice';
import { HOME_PATH, LOGIN_PATH } from './session-constants';

/** Any route of the app needs a full session; signed out -> /login (a first-login user -> change password). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSelector(selectSession);
  return status === 'signedIn' ? children : <HomeRedirect />;
}

/** /changePassword/:id: a first-login token or a full session. */
export function RequirePasswordOwner({ children }: { children: ReactNode }) {
  const { status } = useSelector(selectSession);
  return status === 'signedOut' ? <Navigate to={LOGIN_PATH} replace /> : children;
}

/** The empty path and unknown paths. */
export function HomeRedirect() {
  const { status, firstLogin } = useSelector(selectSession);
  if (status === 'signedIn') return <Navigate to={HOME_PATH} replace />;
  if (status === 'firstLogin' && firstLogin) return <Navigate to={`/changePassword/${firstLogin.id}`} replace />;
  return <Navigate to={LOGIN_PATH} replace />;
}
