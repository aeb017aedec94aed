/**
 * checkData (spec 001 section 2): a card that lists every active sample, but only for users with the
 * top-role flag (the server refuses the call for others; they see the empty card with a sentence).
 */
import { useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { DASHBOARD_ENDPOINTS, type AllSamplesRow } from '../../../shared/contract/dashboard-endpoints';
import { formatDay } from '../../../shared/format/date-time';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { useListParams } from '../../crud/use-list-params';
import { useQuery } from '../../crud/use-request';
import { selectUser } from '../../app/session-slice';

const COLUMNS: ListGridColumn<AllSamplesRow>[] = [
  { field: 'srno', header: 'Sr. No.', minWidth: 72, flex: 0 },
  { field: 'sampleinno', header: 'Sample Inwarded No' },
  { field: 'sampleno', header: 'Sample Code' },
  { field: 'samplingdate', header: 'Sampling Date', render: (r) => formatDay(r.samplingdate) },
  { field: 'sampledby', header: 'Sampled By' },
  { field: 'statesofIndia', header: 'State' },
  { field: 'district', header: 'District' },
  { field: 'isolates', header: 'Isolates', minWidth: 80 },
];

export default function AllSamplesPage() {
  const user = useSelector(selectUser);
  // The page is in the address (?page=2): reload and Back keep it.
  const list = useListParams();
  const page = list.page;
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
              <ListGrid
                label="All samples"
                columns={COLUMNS}
                rows={rows ?? []}
                rowId={(r) => r.id}
                loading={loading}
                noRowsText="No records found"
                paging={{ page: list.page, total, onPage: list.setPage }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
