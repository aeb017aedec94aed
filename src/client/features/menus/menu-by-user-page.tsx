/**
 * 'Menu By User' (spec 001 section 2): the Resource Name dropdown of active users, GO opens the user's menu
 * tree (bmstree?id={userId}&from=User), Cancel goes to homepage. No user: 'Oops! Please Select Valid User'.
 */
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MENU_ADMIN_ENDPOINTS, MENU_MSG, type ActiveUser } from '../../../shared/contract/menu-endpoints';
import { useQuery } from '../../crud/use-request';
import { notifyError } from '../../lib/notifier/notify-slice';
import { HOMEPAGE_PATH, treePath } from './menu-api';

export default function MenuByUserPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const answer = useQuery<ActiveUser[]>(MENU_ADMIN_ENDPOINTS.getallActiveuser, {}, { failureText: 'Could not load the users.', failureTitle: MENU_MSG.oops }).data;
  const users = Array.isArray(answer) ? answer : [];
  const [userId, setUserId] = useState<number>(0);

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
