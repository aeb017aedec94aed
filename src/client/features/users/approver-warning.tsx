/**
 * On the employee list: the employees with activities whose submissions nobody can approve (no reporting
 * manager, an inactive one, or one whose role lacks Approve), each linked to its activity access. Shows
 * nothing while loading, when there are none, or when the call fails (the list itself is what matters).
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { APPROVER_MSG, USER_ACCESS_ENDPOINTS, type EmployeeWithoutApprover } from '../../../shared/contract/user-endpoints';
import { useQuery } from '../../crud/use-request';
import { accessPathOf } from './access-path';

/** How many are named; the rest are counted. */
const SHOWN = 8;

export function ApproverWarning() {
  // No failure text: a failed call shows nothing here.
  const answer = useQuery<EmployeeWithoutApprover[]>(USER_ACCESS_ENDPOINTS.getEmployeesWithoutApprover, {}).data;
  const rows = Array.isArray(answer) ? answer : [];
  if (rows.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="approver-warning">
      <AlertTitle>{APPROVER_MSG.warningTitle(rows.length)}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {rows.slice(0, SHOWN).map((r) => (
          <li key={r.resourceID}>
            <Link component={RouterLink} to={accessPathOf(r.resourceID)}>{`${r.employeecode} ${r.name}`}</Link>
            {` ${APPROVER_MSG.problem(r.problem, r.reportingmanager)}`}
          </li>
        ))}
        {rows.length > SHOWN ? <li>{`and ${rows.length - SHOWN} more`}</li> : null}
      </ul>
      {APPROVER_MSG.warningHint}
    </Alert>
  );
}
