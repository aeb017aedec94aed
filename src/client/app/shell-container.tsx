import { lazy, Suspense, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Shell } from '../features/shell/shell';
import { RowExtrasContext, type RowExtras } from '../crud/row-extras';
import { StaleFallback } from '../lib/stale-alert';
import { preloadToasts } from '../lib/notifier/notifier';
import { logoutRequested, menuRequested, selectSession } from './session-slice';
import { AUDIT_ENDPOINTS } from '../../shared/contract/audit-endpoints';

/** The managers' approval count (activities feature, its own small chunk). */
const ApprovalBadge = lazy(() => import(/* webpackChunkName: "approval-badge" */ '../features/activities/approval-badge'));

/** The per-record history icon of the Activity Log (its chunk loads with the first list that shows it). */
const RecordHistoryButton = lazy(() => import(/* webpackChunkName: "audit" */ '../features/audit/record-history').then((m) => ({ default: m.RecordHistoryButton })));
const historyExtras: RowExtras = (record) => (
  <Suspense fallback={null}>
    <RecordHistoryButton entity={record.entity} entityId={record.id} label={record.label} />
  </Suspense>
);

/** Wires the shell (presentational) to the session: menu, user name, logout. */
export default function ShellContainer() {
  const dispatch = useDispatch();
  const { menu, menuStatus, user } = useSelector(selectSession);
  // The toasts are ready before any screen can fail (see preloadToasts).
  useEffect(() => {
    preloadToasts().catch(() => undefined);
  }, []);
  return (
    // Only Top Role users (administrators, auditors) may read the audit trail: only they get the history icon.
    <RowExtrasContext.Provider value={user?.toprole ? historyExtras : null}>
      <Shell
        menu={menu}
        menuStatus={menuStatus}
        fullname={user?.fullname || user?.username || ''}
        companyName={user?.companyName}
        showActivityLog={user?.[AUDIT_ENDPOINTS.getAuditLog.permission] === true}
        onLogout={() => dispatch(logoutRequested())}
        onReloadMenu={() => dispatch(menuRequested())}
        topBarExtra={
          <Suspense fallback={null}>
            <ApprovalBadge />
          </Suspense>
        }
      />
      <StaleFallback />
    </RowExtrasContext.Provider>
  );
}
