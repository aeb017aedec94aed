/**
 * The managers' approval queue (issue 4; not a screen of the spec): the activities of one level submitted
 * to the signed-in user and waiting (status S), oldest first, ten per page. Open leads to the parameter
 * screen in Approve mode.
 */
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ACTIVITY_PAGE_SIZE, type ActivityLevel, type ApprovalQueueRow } from '../../../shared/contract/activity-endpoints';
import { formatUtcDateTime } from '../../../shared/format/date-time';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { useListParams } from '../../crud/use-list-params';
import { AmendedChip } from './amended-chip';
import { paramScreenPath } from './activity-paths';
import { queueRequested, selectQueue } from './activity-slice';

export const QUEUE_EMPTY = 'Nothing is waiting for your approval.';

/** The queue's columns; the endpoint answers oldest first in pages, so none sorts. */
function queueColumns(level: ActivityLevel): ListGridColumn<ApprovalQueueRow>[] {
  return [
    { field: 'srno', header: 'Sr. No.', minWidth: 60, flex: 0 },
    { field: 'samplenov', header: 'Sample Code' },
    { field: 'isolatecode', header: 'Isolate Code' },
    ...(level === 'Level 2' ? [{ field: 'pncode', header: 'Plant Assessment Code' }] : []),
    { field: 'activityname', header: 'Activity', render: (r: ApprovalQueueRow) => <Box>{r.activityname}{r.amended ? <AmendedChip /> : null}</Box> },
    { field: 'submitter', header: 'Submitted By' },
    { field: 'submittedAt', header: 'Submitted On', minWidth: 150, render: (r: ApprovalQueueRow) => formatUtcDateTime(r.submittedAt) },
    {
      field: 'action', header: 'Action', render: (r: ApprovalQueueRow) => (
        <Button size="small" variant="outlined" component={RouterLink}
          aria-label={`Review ${r.activityname} of ${r.isolatecode}`}
          to={paramScreenPath({ actid: r.actid, level, samplenov: r.samplenov, sampleno: r.sampleno, pncode: r.pncode, pageno: 1 })}>
          Review
        </Button>
      ),
    },
  ];
}

export function ApprovalQueue({ level }: { level: ActivityLevel }) {
  const dispatch = useDispatch();
  const queue = useSelector(selectQueue);
  // The queue's page is in the URL beside the tab (?queue=1&queuePage=2).
  const params = useListParams('queue');

  useEffect(() => {
    dispatch(queueRequested({ level, page: params.page }));
  }, [dispatch, level, params.page]);

  const rows = queue.level === level ? queue.rows : [];
  return (
    <ListGrid
      label="Waiting for my approval"
      columns={queueColumns(level)}
      rows={rows}
      rowId={(r) => r.trnid}
      loading={queue.loading || !queue.loaded}
      noRowsText={QUEUE_EMPTY}
      paging={{ page: queue.page, total: queue.level === level ? queue.total : 0, pageSize: ACTIVITY_PAGE_SIZE, onPage: params.setPage }}
    />
  );
}
