/**
 * The top bar's count of activities waiting for the signed-in manager's approval (getApprovalCounts),
 * shown only for users whose role may approve. It reloads on every navigation (a decision made on the
 * parameter screen goes back to a list) and links to the Level 1 queue, or the Level 2 one when only
 * Level 2 activities wait. Loaded lazily by the top bar; a failed load shows nothing.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import { ACTIVITY_ENDPOINTS, type ApprovalCounts } from '../../../shared/contract/activity-endpoints';
import { useQuery } from '../../crud/use-request';
import { selectPathname } from '../../lib/navigation/navigation';
import { selectUser } from '../../app/session-slice';
import { LEVEL1_HOME, LEVEL2_HOME, QUEUE_QUERY } from './activity-paths';

export const badgeLabel = (n: number): string => `${n} ${n === 1 ? 'activity waits' : 'activities wait'} for your approval`;

export default function ApprovalBadge() {
  const user = useSelector(selectUser);
  const pathname = useSelector(selectPathname);
  const approver = user?.approve === true;
  const asked = useQuery<ApprovalCounts>(approver ? ACTIVITY_ENDPOINTS.getApprovalCounts : null, {}, { key: 'approvalBadge' });
  const { reload } = asked;
  // Counted again after each navigation (the first count is the query's own); the shown count stays meanwhile.
  const countedAt = useRef(pathname);
  useEffect(() => {
    if (countedAt.current === pathname) return;
    countedAt.current = pathname;
    reload();
  }, [pathname, reload]);
  const c = asked.failed ? undefined : asked.data;
  const counts = c && typeof c.total === 'number' ? c : null;

  if (!approver || !counts || counts.total === 0) return null;
  const home = counts.level1 === 0 && counts.level2 > 0 ? LEVEL2_HOME : LEVEL1_HOME;
  return (
    <IconButton color="primary" component={RouterLink} to={`${home}?${QUEUE_QUERY}=1`} aria-label={badgeLabel(counts.total)}
      title={`Level 1: ${counts.level1}, Level 2: ${counts.level2}`} data-testid="approval-badge">
      <Badge badgeContent={counts.total} color="error" max={99}>
        <PendingActionsIcon />
      </Badge>
    </IconButton>
  );
}
