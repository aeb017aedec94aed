import { lazy, Suspense } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Shell } from '../features/shell/shell';
import { logoutRequested, menuRequested, selectSession } from '../features/session/session-slice';

/** The managers' approval count (activities feature, its own small chunk). */
const ApprovalBadge = lazy(() => import(/* webpackChunkName: "approval-badge" */ '../features/activities/approval-badge'));

/** Wires the shell (presentational) to the session: menu, user name, logout. */
export default function ShellContainer() {
  const dispatch = useDispatch();
  const { menu, menuStatus, user } = useSelector(selectSession);
  return (
    <Shell
      menu={menu}
      menuStatus={menuStatus}
      fullname={user?.fullname || user?.username || ''}
      companyName={user?.companyName}
      onLogout={() => dispatch(logoutRequested())}
      onReloadMenu={() => dispatch(menuRequested())}
      topBarExtra={
        <Suspense fallback={null}>
          <ApprovalBadge />
        </Suspense>
      }
    />
  );
}
