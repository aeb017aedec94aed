/**
 * The employee list (spec 000 section 2): the generic list of the employee definition, with one Name
 * column (first, middle, last), the status message, and an empty search answered by a modal. A Top Role user
 * also gets the account actions on each row: a one-time password, clearing sign-in delays, ending sessions.
 */
import { useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import IconButton from '@mui/material/IconButton';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import { employee } from '../../../shared/resources';
import { injectSaga, type RootState } from '../../app/store';
import { ResourceListPage, type Row, type ScreenColumn } from '../../crud';
import { ApproverWarning } from './approver-warning';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { accountActionRequested, accountAdminSaga, oneTimePasswordClosed, selectAccountAdmin, type AccountAction } from './account-admin';
import { OneTimePasswordDialog } from './employee-form';

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** First, middle and last name, blanks left out. */
export const fullName = (row: Row): string =>
  [row.firstname, row.middlename, row.lastname].map(text).filter(Boolean).join(' ');

export const EMPLOYEE_COLUMNS: readonly ScreenColumn[] = [
  { header: 'Code', field: 'employeecode' },
  { header: 'Name', field: 'firstname', value: fullName },
  { header: 'Status', field: 'msg' },
  { header: 'Action', field: 'action' },
];

/** The account actions: label, icon, and what the confirmation says. */
export const ACCOUNT_ACTIONS: ReadonlyArray<{ action: AccountAction; label: string; Icon: typeof LockResetIcon; confirm: string; text: string }> = [
  {
    action: 'resetUserPassword', label: 'Reset password', Icon: LockResetIcon, confirm: 'Reset password',
    text: 'A one-time password is made and shown to you once. The user is signed out everywhere and must choose a new password at the next sign-in.',
  },
  {
    action: 'unlockUser', label: 'Clear sign-in delays', Icon: LockOpenIcon, confirm: 'Clear delays',
    text: 'Failed sign-ins slow further tries down; this clears the delays from every address, so the user can sign in at once.',
  },
  {
    action: 'endUserSessions', label: 'End all sessions', Icon: LogoutIcon, confirm: 'End sessions',
    text: 'Every browser signed in as this user is signed out at its next step.',
  },
];

const selectUser = (s: RootState) => s.session.user;

export default function EmployeeList() {
  const store = useStore();
  injectSaga(store, 'accountAdmin', accountAdminSaga);
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const { pending, oneTime } = useSelector(selectAccountAdmin);
  const [asking, setAsking] = useState<{ action: (typeof ACCOUNT_ACTIONS)[number]; row: Row } | null>(null);

  const actions = (row: Row) => {
    // The actions are the Top Role's (the server says the same), and not on the administrator's own row.
    if (!user?.toprole || Number(row.resourceID) === user.id) return null;
    return ACCOUNT_ACTIONS.map((a) => (
      <IconButton key={a.action} size="small" title={a.label} aria-label={`${a.label}: ${fullName(row)}`} disabled={pending !== null}
        onClick={() => setAsking({ action: a, row })}>
        <a.Icon fontSize="small" />
      </IconButton>
    ));
  };

  return (
    <>
      <ApproverWarning />
      <ResourceListPage resource={employee} columns={EMPLOYEE_COLUMNS} emptySearchModal extraRowActions={actions} />
      <ConfirmDialog open={asking !== null} title={asking ? `${asking.action.label}: ${fullName(asking.row)}?` : ''}
        confirmLabel={asking?.action.confirm ?? ''} destructive onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) dispatch(accountActionRequested({ action: asking.action.action, resourceID: Number(asking.row.resourceID), name: fullName(asking.row) }));
          setAsking(null);
        }}>
        {asking?.action.text}
      </ConfirmDialog>
      {oneTime ? <OneTimePasswordDialog title="Password reset" username={oneTime.name} password={oneTime.password} onClose={() => dispatch(oneTimePasswordClosed())} /> : null}
    </>
  );
}
