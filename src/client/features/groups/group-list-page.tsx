/**
 * newGrouphome (spec 001 section 2): search box, New, the table (srno, Group, Action) ten rows per page,
 * the tree icon opening the group's menu (bmstree?id=..&from=group), the pencil renaming it (newGroup?id=.., ours), the trash icon deleting after
 * 'Do you want to delete this record ?', Back to homepage. A group that still has users is refused by
 * the server; its sentence is shown.
 */
import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { MENU_ADMIN_ENDPOINTS, MENU_MSG, type GroupSaveAnswer, type UserGroupRow } from '../../../shared/contract/menu-endpoints';
import { useQuery, useRequest } from '../../crud/use-request';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { GROUP_FORM_PATH, GROUP_PAGE_SIZE } from './group-paths';

export default function GroupListPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const request = useRequest();
  const list = useQuery<UserGroupRow[]>(MENU_ADMIN_ENDPOINTS.getAllgroup, {}, { failureText: 'Could not load the user groups.', failureTitle: MENU_MSG.oops });
  const groups = useMemo(() => (list.loading ? null : Array.isArray(list.data) ? list.data : []), [list.loading, list.data]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [deleting, setDeleting] = useState<UserGroupRow | null>(null);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (groups ?? []).filter((g) => !q || g.groupname.toLowerCase().includes(q));
  }, [groups, search]);
  const rows = shown.slice(page * GROUP_PAGE_SIZE, (page + 1) * GROUP_PAGE_SIZE);

  const remove = async () => {
    const g = deleting;
    setDeleting(null);
    if (!g) return;
    try {
      // With the version listed: a group someone else changed meanwhile is refused (409) and the list reloads.
      const answer = await request<GroupSaveAnswer>(MENU_ADMIN_ENDPOINTS.deletegroup, { id: g.id, version: g.version });
      if (answer?.status === 'OK') dispatch(notifySuccess(`User Group '${g.groupname}' deleted.`));
      list.reload();
    } catch (e) {
      if (!isHandledCentrally(e)) dispatch(notifyError(MENU_MSG.oops, MENU_MSG.oops, serverMessage(e)));
    }
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>User Group</Typography>
        <TextField
          size="small" id="group-search" label="Search" value={search}
          onChange={(e) => { setSearch(e.target.value); setPage(0); }}
        />
        <Button variant="contained" onClick={() => navigate(GROUP_FORM_PATH)}>New</Button>
      </Box>
      <Table size="small" aria-label="User groups">
        <TableHead>
          <TableRow>
            <TableCell>srno</TableCell>
            <TableCell>Group</TableCell>
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups !== null && rows.length === 0 ? (
            <TableRow><TableCell colSpan={3}>No Data Found</TableCell></TableRow>
          ) : null}
          {rows.map((g, i) => (
            <TableRow key={g.id}>
              <TableCell>{page * GROUP_PAGE_SIZE + i + 1}</TableCell>
              <TableCell>{g.groupname}</TableCell>
              <TableCell>
                <IconButton size="small" aria-label={`Menu of ${g.groupname}`} onClick={() => navigate(`/bmstree?id=${g.id}&from=group`)}>
                  <AccountTreeIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={`Rename ${g.groupname}`} onClick={() => navigate(`${GROUP_FORM_PATH}?id=${g.id}`)}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" color="error" aria-label={`Delete ${g.groupname}`} onClick={() => setDeleting(g)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div" count={shown.length} page={page} onPageChange={(_, p) => setPage(p)}
        rowsPerPage={GROUP_PAGE_SIZE} rowsPerPageOptions={[GROUP_PAGE_SIZE]}
      />
      <Button variant="outlined" onClick={() => navigate('/homepage')}>Back</Button>
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
