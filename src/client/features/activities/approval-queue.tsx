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
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { AmendedChip } from './amended-chip';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ACTIVITY_PAGE_SIZE, type ActivityLevel } from '../../../shared/contract/activity-endpoints';
import { PageLinks } from '../../crud/pagination';
import { paramScreenPath } from './activity-paths';
import { queueRequested, selectQueue } from './activity-slice';

export const QUEUE_EMPTY = 'Nothing is waiting for your approval.';

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

export function ApprovalQueue({ level }: { level: ActivityLevel }) {
  const dispatch = useDispatch();
  const queue = useSelector(selectQueue);
  const level2 = level === 'Level 2';

  useEffect(() => {
    dispatch(queueRequested({ level, page: 1 }));
  }, [dispatch, level]);

  const columns = ['Sr. No.', 'Sample Code', 'Isolate Code', ...(level2 ? ['Plant Assessment Code'] : []), 'Activity', 'Submitted By', 'Submitted On', 'Action'];
  const rows = queue.level === level ? queue.rows : [];
  return (
    <>
      <Box sx={{ height: 4 }}>{queue.loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
      <Table size="small" aria-label="Waiting for my approval">
        <TableHead>
          <TableRow>{columns.map((c) => <TableCell key={c} sx={{ fontWeight: 600 }}>{c}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }}>{queue.loaded && !queue.loading ? QUEUE_EMPTY : ''}</TableCell>
            </TableRow>
          ) : rows.map((r) => (
            <TableRow key={r.trnid} hover>
              <TableCell>{r.srno}</TableCell>
              <TableCell>{r.samplenov}</TableCell>
              <TableCell>{r.isolatecode}</TableCell>
              {level2 && <TableCell>{r.pncode}</TableCell>}
              <TableCell>{r.activityname}{r.amended ? <AmendedChip /> : null}</TableCell>
              <TableCell>{r.submitter}</TableCell>
              <TableCell>{when(r.submittedAt)}</TableCell>
              <TableCell>
                <Button size="small" variant="outlined" component={RouterLink}
                  aria-label={`Review ${r.activityname} of ${r.isolatecode}`}
                  to={paramScreenPath({ actid: r.actid, level, samplenov: r.samplenov, sampleno: r.sampleno, pncode: r.pncode, pageno: 1 })}>
                  Review
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ mt: 2 }}>
        <PageLinks page={queue.page} pageCount={Math.ceil(queue.total / ACTIVITY_PAGE_SIZE)} disabled={queue.loading}
          onPage={(p) => dispatch(queueRequested({ level, page: p }))} />
      </Box>
    </>
  );
}
