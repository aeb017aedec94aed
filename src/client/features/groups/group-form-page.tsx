/**
 * newGroup (spec 001 sections 2, 5, 8): one field 'User Group', Cancel and Save. No client-side checks
 * (as the spec shows); the server answers OK ('Done', back to the list) or NO ('Oops' with its sentence).
 */
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_NAME_MAX, MENU_MSG, type GroupSaveAnswer } from '../../../shared/contract/menu-endpoints';
import { isUnauthorized, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { sessionExpired } from '../../lib/session-events';
import { GROUP_LIST_PATH, postGroup } from './group-api';

export default function GroupFormPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const form = useFormik({
    initialValues: { updategroupname: '' },
    onSubmit: async (v) => {
      try {
        const answer = await postGroup<GroupSaveAnswer>('SaveUserGroup', { updategroupname: v.updategroupname });
        if (answer?.status === 'OK') {
          dispatch(notifySuccess(MENU_MSG.done));
          navigate(GROUP_LIST_PATH);
        } else dispatch(notifyError(MENU_MSG.oops, undefined, answer?.message));
      } catch (e) {
        dispatch(isUnauthorized(e) ? sessionExpired() : notifyError(MENU_MSG.oops, undefined, serverMessage(e)));
      }
    },
  });
  return (
    <Paper component="form" noValidate onSubmit={form.handleSubmit} sx={{ p: 3, maxWidth: 520, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">User Group</Typography>
      <TextField
        id="updategroupname" name="updategroupname" label="User Group" value={form.values.updategroupname}
        onChange={form.handleChange} slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" onClick={() => navigate(GROUP_LIST_PATH)}>Cancel</Button>
        <Button variant="contained" type="submit" disabled={form.isSubmitting}>Save</Button>
      </Box>
    </Paper>
  );
}
