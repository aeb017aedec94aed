/**
 * bmstree?id=..&from=User|group (spec 001 sections 2, 6, 8): the menu tree of a user or a user group with
 * Add, Delete and Update. Update works only for groups ('Sorry ! But This Feature Only for Groups').
 * Delete asks first, then answers 'Menu Deleted Successfully !!' (or the server's message) or 'Save Failed'.
 * A delete is sent with the version of the menu as read: when someone else changed the menu meanwhile it
 * answers 409 and the page offers Reload.
 */
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MENU_ADMIN_ENDPOINTS, MENU_MSG, type MenuTreeNode } from '../../../shared/contract/menu-endpoints';
import { useChange, useQuery } from '../../crud/use-request';
import { notifyError } from '../../lib/notifier/notify-slice';
import { MENU_BY_USER_PATH, fromOf, ownerIn, ownersEndpoint } from './menu-api';
import { MenuTreeView, findNode } from './menu-tree-view';
import { StaleAlert } from '../../lib/stale-alert';

export const menuItemPath = (id: string, from: string, forstr: 'new' | 'edit', menuId: number | null) =>
  `/menu2?id=${id}&from=${from}&forstr=${forstr}${menuId ? `&menuId=${menuId}` : ''}`;

/** The request-slice entry of a delete (the tree is read again after it). */
const DELETE_KEY = 'menus:item-delete';

export default function MenuTreePage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const from = fromOf(params.get('from'));
  const change = useChange();
  // The owner (name and menu version) first, then the tree: a change between the two reads makes the next
  // change refused as stale, never missed. Reloading the owner therefore reloads the tree after it.
  const owners = useQuery<unknown>(ownersEndpoint(from), {}, { key: `menus/tree/owner/${from}/${id}`, reloadAfter: DELETE_KEY });
  const ownerRead = owners.entry !== undefined && owners.entry.status !== 'pending';
  const treeQuery = useQuery<MenuTreeNode[]>(
    ownerRead ? MENU_ADMIN_ENDPOINTS.menubyuser : null,
    { userId: id, from, ...(from === 'group' ? { groupId: id } : {}) },
    { key: 'menus/tree', failureText: from === 'group' ? 'Please select a valid User Group.' : MENU_MSG.selectUser, failureTitle: '' },
  );
  const found = ownerRead ? ownerIn(owners.data, id, from) : undefined;
  const owner = found?.name ?? '';
  /** The version of the menu's grants as read; a stale delete answers 409 and the page offers Reload. */
  const menuVersion = found?.menuVersion;
  const tree = treeQuery.failed ? [] : treeQuery.data === undefined ? null : Array.isArray(treeQuery.data) ? treeQuery.data : [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const selected = tree ? findNode(tree, selectedId) : null;
  const target = from === 'group' ? { userId: id, groupId: id, from } : { userId: id, from };
  const load = owners.reload;

  const add = () => navigate(menuItemPath(id, from, 'new', selectedId));
  const update = () => {
    if (from !== 'group') {
      dispatch(notifyError(MENU_MSG.onlyGroups));
      return;
    }
    if (!selected) {
      dispatch(notifyError('Please select a menu item in the tree.'));
      return;
    }
    navigate(menuItemPath(id, from, 'edit', selected.id));
  };
  const askDelete = () => {
    if (!selected) dispatch(notifyError('Please select a menu item in the tree.'));
    else setConfirming(true);
  };
  const remove = () => {
    setConfirming(false);
    if (!selected) return;
    // The tree is read again after the delete (the owner's version first, then the tree: reloadAfter below).
    change(MENU_ADMIN_ENDPOINTS.deletemenubyuser, { parentid: selected.parentId ?? 0, menuId: selected.id, ...target, menuVersion }, {
      key: DELETE_KEY, failureText: MENU_MSG.saveFailed, failureTitle: '',
      outcome: { okWhen: { field: 'status', value: 'OK' }, success: { text: MENU_MSG.deleted, field: 'message' }, refused: { text: MENU_MSG.saveFailed, title: '' } },
    });
  };

  return (
    <Paper sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h6" component="h2">
        {from === 'group' ? 'Menu of the User Group' : 'Menu of the User'}
        {owner ? `: ${owner}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, my: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={add}>Add</Button>
        <Button variant="outlined" color="error" onClick={askDelete}>Delete</Button>
        <Button variant="outlined" onClick={update}>Update</Button>
        <Button onClick={() => navigate(from === 'group' ? '/newGrouphome' : MENU_BY_USER_PATH)}>Back</Button>
      </Box>
      <StaleAlert sx={{ mb: 2 }} onReload={load} />
      <Typography variant="body2" data-testid="selected-node" sx={{ mb: 1 }}>
        Selected: {selected ? selected.name : 'none'}
      </Typography>
      {tree === null ? (
        <Typography>Loading…</Typography>
      ) : tree.length === 0 ? (
        <Alert severity="info">This menu is empty. Use Add to give menu items.</Alert>
      ) : (
        <MenuTreeView nodes={tree} selectedId={selectedId} onSelect={(n) => setSelectedId(n.id)} />
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{MENU_MSG.confirmDelete}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>No</Button>
          <Button variant="contained" color="error" onClick={remove}>Yes</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
