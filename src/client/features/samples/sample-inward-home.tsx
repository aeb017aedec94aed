/**
 * SampleInwardHome (spec 001 sections 2, 5, 8): search box and button (empty text: 'Please Enter Some Text To
 * Search!', no call), refresh, Add, the table (Sr. No., Sampling Date, Sampled By, Sample Inwarded No, Sample
 * Code, Action), ten a page, Back to BlankHomePage. Edit and delete only for inward rows (typedataof I) that are
 * active (Y), and only with the role's edit / delete flag. Delete asks for confirmation and a reason (kept in the
 * audit trail and shown on the row: "Deleted by ... on ...: reason"); a Top Role user can restore a deleted sample,
 * also with a reason. The server's message titled ' Delete Message', else its rescoremessage titled Oops; the list
 * reloads either way.
 */
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import EditIcon from '@mui/icons-material/Edit';
import { MSG } from '../../../shared/contract/messages';
import { SAMPLE_ENDPOINTS, type SampleInwardRow, type SampleStatusAnswer } from '../../../shared/contract/sample-endpoints';
import { formatDay, formatUtcDateTime } from '../../../shared/format/date-time';
import { SAMPLE_INWARD_MSG } from '../../../shared/validation/sample-inward';
import type { RootState } from '../../app/store';
import { ListSearchBox } from '../../crud/list-search-box';
import { PageLinks } from '../../crud/pagination';
import { usePagedSearch } from '../../crud/use-paged-search';
import { useRequest } from '../../crud/use-request';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { notify, notifyError } from '../../lib/notifier/notify-slice';

const PAGE_SIZE = 10;
/** The request-slice entry of the list's page (the plain list and the search share it). */
const LIST_KEY = 'sampleInward:list';
const COLUMNS = ['Sr. No.', 'Sampling Date', 'Sampled By', 'Sample Inwarded No', 'Sample Code', 'Action'];

const selectUser = (state: RootState) => state.session.user;

/** "Deleted by <name> on <when>: <reason>" under a deleted row, so nobody has to ask the audit trail why it went. */
function DeletedMark({ row }: { row: SampleInwardRow }) {
  const c = row.statusChange;
  return (
    <Typography variant="caption" component="span" data-testid="deleted-mark" sx={{ display: 'block', color: 'text.secondary' }}>
      {c ? `Deleted by ${c.by} on ${formatUtcDateTime(c.at)}: ${c.reason}` : 'Deleted'}
    </Typography>
  );
}

export default function SampleInwardHome() {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const userID = user?.id ?? null;
  const request = useRequest();

  const { rows, total, page, loading, text, setText, onSearch, refresh, goTo } = usePagedSearch<SampleInwardRow>(
    (pageno, searchText) => (searchText
      ? { endpoint: SAMPLE_ENDPOINTS.getSearchForsampleinward, body: { searchText, pageno, userID } }
      : { endpoint: SAMPLE_ENDPOINTS.getsamphome, body: { pageno, userID } }),
    SAMPLE_INWARD_MSG.emptySearch,
    LIST_KEY,
  );

  // The row whose deletion (active N) or restore (active Y) waits for confirmation and a reason.
  const [confirming, setConfirming] = useState<{ row: SampleInwardRow; active: 'N' | 'Y' } | null>(null);
  const changeStatus = async (row: SampleInwardRow, active: 'N' | 'Y', reason: string) => {
    try {
      const answer = await request<SampleStatusAnswer>(SAMPLE_ENDPOINTS.changesampleinStatus, { id: row.id, active, reason, userID });
      if (answer?.status === 'Success') dispatch(notify({ message: answer.message, title: SAMPLE_INWARD_MSG.deleteTitle, variant: 'success' }));
      else dispatch(notifyError((answer && 'rescoremessage' in answer && answer.rescoremessage) || SAMPLE_INWARD_MSG.saveFailed, MSG.oopsTitle));
    } catch (error) {
      if (isHandledCentrally(error)) return;
      dispatch(notifyError(serverMessage(error) ?? SAMPLE_INWARD_MSG.saveFailed, MSG.oopsTitle));
    }
    goTo(page);
  };

  const pageCount = Math.ceil(total / PAGE_SIZE);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Sample Inward
        </Typography>
        {user?.add ? (
          <Button component={RouterLink} to="/sampleInverd" variant="contained" startIcon={<AddIcon />}>
            Add
          </Button>
        ) : null}
        <Button component={RouterLink} to="/BlankHomePage" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      </Box>
      <ListSearchBox id="sampleInward-search" text={text} setText={setText} onSearch={onSearch} onRefresh={refresh} sx={{ mb: 2 }} />
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label="Sample inward">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600 }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ color: 'text.secondary' }}>
                  {loading ? '' : 'No records found'}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const open = row.typedataof === 'I' && row.active === 'Y';
                return (
                  <TableRow key={row.id} hover data-active={row.active === 'Y' ? 'true' : 'false'} sx={row.active === 'Y' ? undefined : { '& td': { color: 'text.disabled' } }}>
                    <TableCell>{row.srno}</TableCell>
                    <TableCell>{formatDay(row.samplingdate)}</TableCell>
                    <TableCell>{row.sampledby}</TableCell>
                    <TableCell>{row.sampleinno}</TableCell>
                    <TableCell>{row.sampleno}</TableCell>
                    <TableCell>
                      {open && user?.edit ? (
                        <IconButton size="small" aria-label="Edit" title="Edit" component={RouterLink} to={`/sampleInverd/${row.id}`}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      ) : null}
                      {open && user?.delete ? (
                        <IconButton size="small" aria-label="Delete" title="Delete" color="error" onClick={() => setConfirming({ row, active: 'N' })}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      ) : null}
                      {row.active === 'Y' ? null : <DeletedMark row={row} />}
                      {row.active !== 'Y' && row.typedataof === 'I' && user?.toprole && user.delete ? (
                        <IconButton size="small" aria-label={`Restore ${row.sampleno}`} title="Restore" onClick={() => setConfirming({ row, active: 'Y' })}>
                          <RestoreIcon fontSize="small" />
                        </IconButton>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="list-total">
          {total > 0 ? `Page ${page} of ${pageCount} (${total} records)` : ''}
        </Typography>
        <PageLinks page={page} pageCount={pageCount} onPage={(p) => void goTo(p)} disabled={loading} />
      </Box>
      <ConfirmDialog open={confirming !== null} destructive={confirming?.active === 'N'}
        title={confirming?.active === 'Y' ? `Restore sample ${confirming.row.sampleno}?` : `Delete sample ${confirming?.row.sampleno ?? ''}?`}
        confirmLabel={confirming?.active === 'Y' ? 'Restore' : 'Delete'}
        reasonLabel={confirming?.active === 'Y' ? 'Reason for restoring' : 'Reason for deleting'}
        onCancel={() => setConfirming(null)}
        onConfirm={({ reason }) => {
          const c = confirming;
          setConfirming(null);
          if (c) void changeStatus(c.row, c.active, reason);
        }}>
        {confirming?.active === 'Y'
          ? 'The sample comes back into the lists. The reason is kept in the audit trail.'
          : 'The sample leaves the lists; a Top Role user can restore it. The reason is kept in the audit trail and shown on the row.'}
      </ConfirmDialog>
    </Paper>
  );
}
