/**
 * checkData (spec 001 section 2): a card that lists every active sample, but only for users with the
 * top-role flag (the server refuses the call for others; they see the empty card with a sentence).
 */
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AllSamplesRow } from '../../../shared/contract/dashboard-endpoints';
import { PageLinks } from '../../crud/pagination';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError } from '../../lib/notifier/notify-slice';
import { selectUser } from '../../app/session-slice';
import { dashboardApi } from './dashboard-api';

const COLUMNS = ['Sr. No.', 'Sample Inwarded No', 'Sample Code', 'Sampling Date', 'Sampled By', 'State', 'District', 'Isolates'];

export default function AllSamplesPage() {
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<AllSamplesRow[] | null>(null);
  /** The page whose answer (rows or failure) has arrived: loading while it differs from `page`. */
  const [settledPage, setSettledPage] = useState(0);
  const allowed = user?.toprole === true;
  const loading = allowed && settledPage !== page;

  useEffect(() => {
    if (!allowed) return undefined;
    let live = true;
    dashboardApi
      .allSamples({ pageno: page, userID: user?.id ?? null })
      .then((r) => live && setRows(Array.isArray(r) ? r : []))
      .catch((e: unknown) => {
        if (live && !isHandledCentrally(e)) dispatch(notifyError(serverMessage(e) ?? 'The samples could not be loaded.', 'Oops'));
      })
      .finally(() => live && setSettledPage(page));
    return () => {
      live = false;
    };
  }, [allowed, page, user?.id, dispatch]);

  const total = rows?.[0]?.totalItems ?? 0;
  return (
    <Box sx={{ p: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>All Samples</Typography>
          {!allowed && <Typography color="text.secondary">Only users with the Top Role see all samples.</Typography>}
          {allowed && (
            <>
              <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading" />}</Box>
              <Table size="small">
                <TableHead>
                  <TableRow>{COLUMNS.map((c) => <TableCell key={c}>{c}</TableCell>)}</TableRow>
                </TableHead>
                <TableBody>
                  {rows?.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell>{r.srno}</TableCell>
                      <TableCell>{r.sampleinno}</TableCell>
                      <TableCell>{r.sampleno}</TableCell>
                      <TableCell>{r.samplingdate}</TableCell>
                      <TableCell>{r.sampledby}</TableCell>
                      <TableCell>{r.statesofIndia}</TableCell>
                      <TableCell>{r.district}</TableCell>
                      <TableCell>{r.isolates}</TableCell>
                    </TableRow>
                  ))}
                  {rows?.length === 0 && (
                    <TableRow><TableCell colSpan={COLUMNS.length}>No records found</TableCell></TableRow>
                  )}
                </TableBody>
              </Table>
              <Box sx={{ mt: 1 }}>
                <PageLinks page={page} pageCount={Math.ceil(total / 10)} onPage={setPage} disabled={loading} />
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
