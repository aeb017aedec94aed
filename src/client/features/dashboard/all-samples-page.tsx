/**
 * checkData (spec 001 section 2): a card that lists every active sample, but only for users with the
 * top-role flag (the server refuses the call for others; they see the empty card with a sentence).
 */
import { useState } from 'react';
import { useSelector } from 'react-redux';
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
import { DASHBOARD_ENDPOINTS, type AllSamplesRow } from '../../../shared/contract/dashboard-endpoints';
import { formatDay } from '../../../shared/format/date-time';
import { PageLinks } from '../../crud/pagination';
import { useQuery } from '../../crud/use-request';
import { selectUser } from '../../app/session-slice';

const COLUMNS = ['Sr. No.', 'Sample Inwarded No', 'Sample Code', 'Sampling Date', 'Sampled By', 'State', 'District', 'Isolates'];

export default function AllSamplesPage() {
  const user = useSelector(selectUser);
  const [page, setPage] = useState(1);
  const allowed = user?.toprole === true;
  // The previous page's rows stay on screen while the next one loads.
  const samples = useQuery<AllSamplesRow[]>(allowed ? DASHBOARD_ENDPOINTS.getAllSamples : null, { pageno: page, userID: user?.id ?? null }, {
    failureText: 'The samples could not be loaded.', failureTitle: 'Oops',
  });
  const rows = samples.data === undefined ? null : Array.isArray(samples.data) ? samples.data : [];
  const loading = allowed && (samples.loading || samples.entry?.status === 'pending');

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
                      <TableCell>{formatDay(r.samplingdate)}</TableCell>
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
