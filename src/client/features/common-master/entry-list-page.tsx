/**
 * Common master entries of one type (spec 000 section 2): Short Name, Value, the entry each depends on,
 * Action (edit, deactivate / reactivate); ten per page; search (empty text: 'Please Fill Search Text!',
 * no call); Add -> /CommonMaster/{typeid}; Back -> /CommonMasterTypeHome. /CommonMasterHome and
 * /CommonMasterEntry (no type in the address) show a type picker above the same list.
 */
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { MSG } from '../../../shared/contract/messages';
import { COMMON_MASTER_ENDPOINTS, type CommonMasterRow, type CommonMasterTypeInfo } from '../../../shared/contract/common-master-endpoints';
import { COMMON_MASTER_MSG, commonMaster } from '../../../shared/resources/common-master';
import { ACTIVE, DEFAULT_ANSWERS, RESOURCE_MSG } from '../../../shared/resources/types';
import type { RootState } from '../../app/store';
import { ListSearchBox } from '../../crud/list-search-box';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { DEACTIVATE_TEXT } from '../../crud/resource-list-page';
import { useChange, useQuery } from '../../crud/use-request';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { MASTER_TYPES, TYPES_FAILED, type MasterTypeOption } from './master-types';
import { usePagedSearch } from '../../crud/use-paged-search';

export const TYPE_HOME = '/CommonMasterTypeHome';
const NO_RECORDS = 'No records found.';
/** The request-slice entry of a status change (the list reloads after each). */
const STATUS_KEY = 'common-master/status';

const selectUserId = (state: RootState): number | null => state.session.user?.id ?? null;

function EntryList({ typeid }: { typeid: number }) {
  const userID = useSelector(selectUserId);

  const change = useChange();
  const { rows, total, page, loading, text, setText, onSearch, refresh, goTo } = usePagedSearch<CommonMasterRow>(
    (pageno, searchText) => (searchText
      ? { endpoint: COMMON_MASTER_ENDPOINTS.getSearchForcommonMaster, body: { typeid, searchText, pageno, userID } }
      : { endpoint: COMMON_MASTER_ENDPOINTS.getCommonMaster, body: { typeid, pageno, userID } }),
    COMMON_MASTER_MSG.emptySearch,
    'common-master/entries',
    STATUS_KEY,
  );

  const [deactivating, setDeactivating] = useState<CommonMasterRow | null>(null);
  // Deactivate and reactivate: the saga toasts the answer and the list asks for its page again (STATUS_KEY).
  const changeStatus = (id: number, activeStatus: 'N' | 'Y') => {
    const expected = activeStatus === 'N' ? DEFAULT_ANSWERS.deactivated : DEFAULT_ANSWERS.reactivated;
    change(COMMON_MASTER_ENDPOINTS.changeStatusForCommonMaster, { id, activeStatus, userID }, {
      key: STATUS_KEY, failureText: RESOURCE_MSG.checkAgain, failureTitle: MSG.oops,
      outcome: {
        okWhen: { field: 'status', value: expected.status },
        success: { field: 'message', text: expected.message },
        refused: { text: RESOURCE_MSG.checkAgain, title: MSG.oops },
      },
    });
  };

  const actionsOf = (row: CommonMasterRow) => (
    <Box>
      <IconButton size="small" aria-label="Edit" title="Edit" component={RouterLink} to={`/EditCommonMaster/${row.id}`}>
        <EditIcon fontSize="small" />
      </IconButton>
      {row.activeStatus === ACTIVE ? (
        <IconButton size="small" aria-label="Deactivate" title="Deactivate" color="error" onClick={() => setDeactivating(row)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      ) : (
        <IconButton size="small" aria-label="Reactivate" title="Reactivate" color="primary" onClick={() => void changeStatus(row.id, 'Y')}>
          <RestartAltIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
  // The definition's columns (Shortname, Value, Dependency Shortname, Dependency Name, Action).
  const columns: ListGridColumn<CommonMasterRow>[] = commonMaster.list.columns.map((c) => ({
    field: c.field,
    header: c.header,
    ...(c.field === 'action' ? { render: actionsOf, minWidth: 120 } : {}),
  }));

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <ListSearchBox id="commonMaster-search" text={text} setText={setText} onSearch={onSearch} onRefresh={refresh} maxLength={commonMaster.list.searchMaxLength} sx={{ flex: '1 1 320px' }} />
        <Button component={RouterLink} to={`/CommonMaster/${typeid}`} variant="contained" startIcon={<AddIcon />} sx={{ ml: 'auto' }}>
          Add
        </Button>
      </Box>
      <ListGrid
        label="Common master entries"
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        loading={loading}
        noRowsText={NO_RECORDS}
        inactive={(r) => r.activeStatus !== ACTIVE}
        paging={{ page, total, onPage: goTo }}
      />
        <ConfirmDialog open={deactivating !== null} destructive title={`Deactivate ${deactivating?.value ?? ''}?`} confirmLabel="Deactivate"
          onCancel={() => setDeactivating(null)}
          onConfirm={() => {
            if (deactivating) void changeStatus(deactivating.id, 'N');
            setDeactivating(null);
          }}>
          {DEACTIVATE_TEXT}
        </ConfirmDialog>
    </>
  );
}

/** /CommonMasterEntry/:id (picker false); /CommonMasterHome and /CommonMasterEntry (picker true). */
export default function EntryListPage({ picker = false }: { picker?: boolean }) {
  const params = useParams();
  const routeType = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const [chosen, setChosen] = useState<number | null>(null);
  const typeList = useQuery<MasterTypeOption[]>(picker ? MASTER_TYPES : null, {}, { failureText: TYPES_FAILED, failureTitle: MSG.oops }).data;
  const types = Array.isArray(typeList) ? typeList : [];
  // The type whose entries are listed, named under the title (CommonMasterEntry/{typeid}); the list works
  // without it, so a failure says nothing.
  const typeInfo = useQuery<CommonMasterTypeInfo>(!picker && routeType !== null ? COMMON_MASTER_ENDPOINTS.gettypeformasterByID : null, { id: routeType }).data;
  const typeName = typeInfo?.type ?? '';

  const typeid = picker ? chosen : routeType;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
            {commonMaster.title}
          </Typography>
          {!picker && typeName ? (
            <Typography variant="body2" data-testid="entries-type" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {`Master Type: ${typeName}`}
            </Typography>
          ) : null}
        </Box>
        <Button component={RouterLink} to={TYPE_HOME} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      </Box>
      {picker ? (
        <TextField
          id="commonMaster-type-picker"
          select
          label="Master Type"
          size="small"
          sx={{ mb: 2, minWidth: 280 }}
          value={chosen === null ? '' : String(chosen)}
          onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : null)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Select Master Type</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.type}
            </option>
          ))}
        </TextField>
      ) : null}
      {typeid !== null ? <EntryList key={typeid} typeid={typeid} /> : null}
    </Paper>
  );
}
