/**
 * 'Menu By User' (spec 001 section 2): the Resource Name dropdown of active users, GO opens the user's menu
 * tree (bmstree?id={userId}&from=User), Cancel goes to homepage. No user: 'Oops! Please Select Valid User'.
 */
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MENU_MSG, type ActiveUser } from '../../../shared/contract/menu-endpoints';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError } from '../../lib/notifier/notify-slice';
import { HOMEPAGE_PATH, postMenu, treePath } from './menu-api';

export default function MenuByUserPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [users, setUsers] = useState<ActiveUser[]>([]);
  const [userId, setUserId] = useState<number>(0);

  useEffect(() => {
    let live = true;
    postMenu<ActiveUser[]>('getallActiveuser', {})
      .then((list) => live && setUsers(Array.isArray(list) ? list : []))
      .catch((e: unknown) => !isHandledCentrally(e) && dispatch(notifyError('Could not load the users.', MENU_MSG.oops, serverMessage(e))));
    return () => {
      live = false;
    };
  }, [dispatch]);

  const go = () => {
    if (!userId) {
      dispatch(notifyError(MENU_MSG.selectUser));
      return;
    }
    navigate(treePath(userId, 'User'));
  };

  return (
    <Paper sx={{ p: 3, maxWidth: 560 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Menu By User
      </Typography>
      <TextField
        select
        fullWidth
        id="resource-name"
        label="Resource Name"
        value={userId}
        onChange={(e) => setUserId(Number(e.target.value))}
      >
        <MenuItem value={0}>Select</MenuItem>
        {users.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={go}>
          GO
        </Button>
        <Button variant="outlined" onClick={() => navigate(HOMEPAGE_PATH)}>
          Cancel
        </Button>
      </Box>
    </Paper>
  );
}
