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
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import EditIcon from '@mui/icons-material/Edit';
import { MSG } from '../../../shared/contract/messages';
import { SAMPLE_ENDPOINTS, type SampleInwardRow } from '../../../shared/contract/sample-endpoints';
import { SEARCH_TOTAL_CAP } from '../../../shared/contract/search-endpoints';
import { formatDay, formatUtcDateTime } from '../../../shared/format/date-time';
import { SAMPLE_INWARD_MSG } from '../../../shared/validation/sample-inward';
import type { RootState } from '../../app/store';
import { ListSearchBox } from '../../crud/list-search-box';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { usePagedSearch } from '../../crud/use-paged-search';
import { useChange } from '../../crud/use-request';
import { ConfirmDialog } from '../../lib/confirm-dialog';

/** The request-slice entry of the list's page (the plain list and the search share it). */
const LIST_KEY = 'sampleInward:list';
/** The request-slice entry of a delete or restore (the list reloads after each). */
const STATUS_KEY = 'sampleInward:status';

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
  const user = useSelector(selectUser);
  const userID = user?.id ?? null;
  const change = useChange();

  const { rows, total, totalIsLowerBound, counting, page, loading, text, setText, onSearch, refresh, goTo } = usePagedSearch<SampleInwardRow>(
    // A search's total is counted up to the cap first ("200+"), then exactly in the background (use-exact-total).
    (pageno, searchText) => (searchText
      ? { endpoint: SAMPLE_ENDPOINTS.getSearchForsampleinward, body: { searchText, pageno, userID, countUpTo: SEARCH_TOTAL_CAP } }
      : { endpoint: SAMPLE_ENDPOINTS.getsamphome, body: { pageno, userID } }),
    SAMPLE_INWARD_MSG.emptySearch,
    LIST_KEY,
    STATUS_KEY,
  );

  // The row whose deletion (active N) or restore (active Y) waits for confirmation and a reason.
  const [confirming, setConfirming] = useState<{ row: SampleInwardRow; active: 'N' | 'Y' } | null>(null);
  // Delete and restore: the saga toasts the answer and the list asks for its page again (STATUS_KEY).
  const changeStatus = (row: SampleInwardRow, active: 'N' | 'Y', reason: string) =>
    change(SAMPLE_ENDPOINTS.changesampleinStatus, { id: row.id, active, reason, userID }, {
      key: STATUS_KEY, failureText: SAMPLE_INWARD_MSG.saveFailed, failureTitle: MSG.oopsTitle,
      outcome: {
        okWhen: { field: 'status', value: 'Success' },
        success: { field: 'message', text: SAMPLE_INWARD_MSG.deleted, title: SAMPLE_INWARD_MSG.deleteTitle },
        refused: { field: 'rescoremessage', text: SAMPLE_INWARD_MSG.saveFailed, title: MSG.oopsTitle },
      },
    });

  const actionsOf = (row: SampleInwardRow) => {
    const open = row.typedataof === 'I' && row.active === 'Y';
    return (
      <Box>
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
      </Box>
    );
  };
  const columns: ListGridColumn<SampleInwardRow>[] = [
    { field: 'srno', header: 'Sr. No.', minWidth: 72, flex: 0 },
    { field: 'samplingdate', header: 'Sampling Date', render: (r) => formatDay(r.samplingdate) },
    { field: 'sampledby', header: 'Sampled By' },
    { field: 'sampleinno', header: 'Sample Inwarded No' },
    { field: 'sampleno', header: 'Sample Code' },
    { field: 'action', header: 'Action', minWidth: 160, flex: 1.5, render: actionsOf },
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Sample Inward
        </Typography>
        <Button component={RouterLink} to="/BlankHomePage" variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        {user?.add ? (
          <Button component={RouterLink} to="/sampleInverd" variant="contained" startIcon={<AddIcon />}>
            Add
          </Button>
        ) : null}
      </Box>
      <ListSearchBox id="sampleInward-search" text={text} setText={setText} onSearch={onSearch} onRefresh={refresh} sx={{ mb: 2 }} />
      <ListGrid
        label="Sample inward"
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        loading={loading}
        noRowsText="No records found"
        // A deleted sample stays listed, greyed, with who deleted it and why.
        inactive={(r) => r.active !== 'Y'}
        paging={{ page, total, totalIsLowerBound, counting, onPage: goTo }}
      />
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
