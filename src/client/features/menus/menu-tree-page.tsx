/**
 * bmstree?id=..&from=User|group (spec 001 sections 2, 6, 8): the menu tree of a user or a user group with
 * Add, Delete and Update. Update works only for groups ('Sorry ! But This Feature Only for Groups').
 * Delete asks first, then answers 'Menu Deleted Successfully !!' (or the server's message) or 'Save Failed'.
 * A delete is sent with the version of the menu as read: when someone else changed the menu meanwhile it
 * answers 409 and the page offers Reload.
 */
import { useCallback, useEffect, useState } from 'react';
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
import { MENU_MSG, type MenuStatusAnswer, type MenuTreeNode } from '../../../shared/contract/menu-endpoints';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { MENU_BY_USER_PATH, fromOf, menuOwner, postMenu } from './menu-api';
import { MenuTreeView, findNode } from './menu-tree-view';
import { StaleAlert } from '../../lib/stale-alert';

export const menuItemPath = (id: string, from: string, forstr: 'new' | 'edit', menuId: number | null) =>
  `/menu2?id=${id}&from=${from}&forstr=${forstr}${menuId ? `&menuId=${menuId}` : ''}`;

export default function MenuTreePage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const from = fromOf(params.get('from'));
  const [tree, setTree] = useState<MenuTreeNode[] | null>(null);
  const [owner, setOwner] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The version of the menu's grants as read; a stale delete answers 409 and the page offers Reload. */
  const [menuVersion, setMenuVersion] = useState<number | undefined>(undefined);
  const selected = tree ? findNode(tree, selectedId) : null;
  const target = from === 'group' ? { userId: id, groupId: id, from } : { userId: id, from };

  const failed = useCallback(
    (e: unknown, message: string) => !isHandledCentrally(e) && dispatch(notifyError(message, undefined, serverMessage(e))),
    [dispatch],
  );

  const load = useCallback(() => {
    // The owner (name and menu version) first, then the tree: a change between the two reads makes the
    // next change refused as stale, never missed.
    menuOwner(id, from)
      .catch(() => undefined)
      .then((o) => {
        setOwner(o?.name ?? '');
        setMenuVersion(o?.menuVersion);
        return postMenu<MenuTreeNode[]>('menubyuser', { userId: id, from, ...(from === 'group' ? { groupId: id } : {}) });
      })
      .then((nodes) => {
        setTree(Array.isArray(nodes) ? nodes : []);
      })
      .catch((e: unknown) => {
        setTree([]);
        failed(e, from === 'group' ? 'Please select a valid User Group.' : MENU_MSG.selectUser);
      });
  }, [id, from, failed]);

  useEffect(load, [load]);

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
  const remove = async () => {
    setConfirming(false);
    if (!selected) return;
    try {
      const answer = await postMenu<MenuStatusAnswer>('deletemenubyuser', { parentid: selected.parentId ?? 0, menuId: selected.id, ...target, menuVersion });
      if (answer?.status === 'OK') {
        dispatch(notifySuccess(answer.message || MENU_MSG.deleted));
        setSelectedId(null);
        load();
      } else dispatch(notifyError(MENU_MSG.saveFailed));
    } catch (e) {
      failed(e, MENU_MSG.saveFailed);
    }
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
