/**
 * The top bar's count of activities waiting for the signed-in manager's approval (getApprovalCounts),
 * shown only for users whose role may approve. It reloads on every navigation (a decision made on the
 * parameter screen goes back to a list) and links to the Level 1 queue, or the Level 2 one when only
 * Level 2 activities wait. Loaded lazily by the top bar; a failed load shows nothing.
 */
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import type { ApprovalCounts } from '../../../shared/contract/activity-endpoints';
import { selectPathname } from '../../lib/navigation/navigation';
import { selectUser } from '../../app/session-slice';
import { activitiesApi } from './activities-api';
import { LEVEL1_HOME, LEVEL2_HOME, QUEUE_QUERY } from './activity-paths';

export const badgeLabel = (n: number): string => `${n} ${n === 1 ? 'activity waits' : 'activities wait'} for your approval`;

export default function ApprovalBadge() {
  const user = useSelector(selectUser);
  const pathname = useSelector(selectPathname);
  const [counts, setCounts] = useState<ApprovalCounts | null>(null);
  const approver = user?.approve === true;

  useEffect(() => {
    if (!approver) return undefined;
    let live = true;
    activitiesApi.counts().then(
      (c) => live && setCounts(c && typeof c.total === 'number' ? c : null),
      () => live && setCounts(null),
    );
    return () => {
      live = false;
    };
  }, [approver, pathname]);

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
