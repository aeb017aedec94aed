/**
 * newGrouphome (spec 001 section 2): search box, New, the table (Sr. No. for the spec's srno, Group, Action) ten rows per page
 * (page and filter in the address),
 * the tree icon opening the group's menu (bmstree?id=..&from=group), the pencil renaming it (newGroup?id=.., ours), the trash icon deleting after
 * 'Do you want to delete this record ?', Back to homepage (beside New, as on every list). A group that still has users is refused by
 * the server; its sentence is shown.
 */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { MENU_ADMIN_ENDPOINTS, MENU_MSG, type UserGroupRow } from '../../../shared/contract/menu-endpoints';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { useListParams, useSearchBox } from '../../crud/use-list-params';
import { useChange, useQuery } from '../../crud/use-request';
import { GROUP_FORM_PATH, GROUP_PAGE_SIZE } from './group-paths';

type Shown = UserGroupRow & { n: number };
/** The request-slice entry of a delete (the list reloads after each). */
const DELETE_KEY = 'groups:delete';

export default function GroupListPage() {
  const navigate = useNavigate();
  const change = useChange();
  const list = useQuery<UserGroupRow[]>(MENU_ADMIN_ENDPOINTS.getAllgroup, {}, { failureText: 'Could not load the user groups.', failureTitle: MENU_MSG.oops, reloadAfter: DELETE_KEY });
  const groups = useMemo(() => (list.loading ? null : Array.isArray(list.data) ? list.data : []), [list.loading, list.data]);
  // getAllgroup answers every group: the page and the filter are the client's, kept in the URL (?page=2&q=lab)
  // so that reload and Back keep them; typing replaces the URL's text (no history entry per key).
  const params = useListParams();
  const [search, setSearch] = useSearchBox(params.searchText);
  const [deleting, setDeleting] = useState<UserGroupRow | null>(null);

  const shown = useMemo<Shown[]>(() => {
    const q = params.searchText.trim().toLowerCase();
    return (groups ?? []).filter((g) => !q || g.groupname.toLowerCase().includes(q)).map((g, i) => ({ ...g, n: i + 1 }));
  }, [groups, params.searchText]);
  const lastPage = Math.max(1, Math.ceil(shown.length / GROUP_PAGE_SIZE));
  const page = Math.min(params.page, lastPage);
  const rows = shown.slice((page - 1) * GROUP_PAGE_SIZE, page * GROUP_PAGE_SIZE);

  const columns: ListGridColumn<Shown>[] = [
    { field: 'n', header: 'Sr. No.', minWidth: 72, flex: 0 },
    { field: 'groupname', header: 'Group', flex: 2 },
    {
      field: 'action', header: 'Action', minWidth: 140, render: (g) => (
        <Box sx={{ display: 'flex', gap: 0.25 }}>
          <IconButton size="small" aria-label={`Menu of ${g.groupname}`} onClick={() => navigate(`/bmstree?id=${g.id}&from=group`)}>
            <AccountTreeIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`Rename ${g.groupname}`} onClick={() => navigate(`${GROUP_FORM_PATH}?id=${g.id}`)}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" color="error" aria-label={`Delete ${g.groupname}`} onClick={() => setDeleting(g)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
  ];

  // With the version listed: a group someone else changed meanwhile is refused (409) and the list reloads.
  const remove = () => {
    const g = deleting;
    setDeleting(null);
    if (!g) return;
    change(MENU_ADMIN_ENDPOINTS.deletegroup, { id: g.id, version: g.version }, {
      key: DELETE_KEY, failureText: MENU_MSG.oops, failureTitle: MENU_MSG.oops,
      outcome: { okWhen: { field: 'status', value: 'OK' }, success: { text: `User Group '${g.groupname}' deleted.` }, refused: { text: MENU_MSG.oops, title: MENU_MSG.oops } },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>User Group</Typography>
        <Button component={RouterLink} to="/homepage" variant="outlined" startIcon={<ArrowBackIcon />}>Back</Button>
        <Button component={RouterLink} to={GROUP_FORM_PATH} variant="contained" startIcon={<AddIcon />}>New</Button>
      </Box>
      <TextField
        size="small" id="group-search" label="Search" value={search} sx={{ mb: 2, width: '100%', maxWidth: 560 }}
        onChange={(e) => { setSearch(e.target.value); params.replace({ searchText: e.target.value, page: 1 }); }}
      />
      <ListGrid
        label="User groups"
        columns={columns}
        rows={rows}
        rowId={(g) => g.id}
        loading={groups === null}
        paging={{ page, total: shown.length, pageSize: GROUP_PAGE_SIZE, onPage: params.setPage }}
      />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>{MENU_MSG.confirmDelete}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>No</Button>
          <Button variant="contained" color="error" onClick={remove}>Yes</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
