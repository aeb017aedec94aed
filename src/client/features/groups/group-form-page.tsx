/**
 * newGroup (spec 001 sections 2, 5, 8): one field 'User Group', Cancel and Save. No client-side checks
 * (as the spec shows); the server answers OK ('Done', back to the list) or NO ('Oops' with its sentence).
 * newGroup?id=N (ours) renames group N: the name is sent with the version it was read at; when someone
 * else changed the group meanwhile the save answers 409, the typed name stays and the form offers Reload.
 */
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_NAME_MAX, MENU_ADMIN_ENDPOINTS, MENU_MSG, type GroupSaveAnswer, type UserGroupRow } from '../../../shared/contract/menu-endpoints';
import { useQuery, useRequest } from '../../crud/use-request';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { GROUP_LIST_PATH } from './group-paths';
import { StaleAlert } from '../../lib/stale-alert';
import { useUnsavedChanges } from '../../lib/unsaved-changes';

export default function GroupFormPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const request = useRequest();
  const groups = useQuery<UserGroupRow[]>(id ? MENU_ADMIN_ENDPOINTS.getAllgroup : null, {}, { key: 'groups:form', failureText: MENU_MSG.oops, failureTitle: '' });
  const form = useFormik({
    initialValues: { updategroupname: '' },
    onSubmit: async (v) => {
      try {
        const answer = await request<GroupSaveAnswer>(MENU_ADMIN_ENDPOINTS.SaveUserGroup, { updategroupname: v.updategroupname, ...(id ? { id, version } : {}) });
        if (answer?.status === 'OK') {
          dispatch(notifySuccess(MENU_MSG.done));
          unsaved.release();
          navigate(GROUP_LIST_PATH);
        } else dispatch(notifyError(MENU_MSG.oops, undefined, answer?.message));
      } catch (e) {
        if (!isHandledCentrally(e)) dispatch(notifyError(MENU_MSG.oops, undefined, serverMessage(e)));
      }
    },
  });
  const { setValues } = form;

  const listed = groups.data;
  const group = id && Array.isArray(listed) ? listed.find((x) => x.id === id) : undefined;
  const missing = Boolean(id) && listed !== undefined && !group;
  /** The group's version as read (a rename); a stale one answers 409 and the form offers Reload. */
  const version = group?.version;
  useEffect(() => {
    if (group) void setValues({ updategroupname: group.groupname });
  }, [group, setValues]);
  // Changed: the name differs from the group's (or, for a new group, something is typed).
  const unsaved = useUnsavedChanges(form.values.updategroupname.trim() !== (group?.groupname ?? ''), form.isSubmitting);

  return (
    <Paper component="form" noValidate onSubmit={form.handleSubmit} sx={{ p: 3, maxWidth: 520, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">User Group</Typography>
      {unsaved.guard}
      {missing ? <Alert severity="error">This User Group does not exist.</Alert> : null}
      <StaleAlert onReload={groups.reload} />
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
