/**
 * newGroup (spec 001 sections 2, 5, 8): one field 'User Group', Cancel and Save. No client-side checks
 * (as the spec shows); the server answers OK ('Done', back to the list) or NO ('Oops' with its sentence).
 * newGroup?id=N (ours) renames group N: the name is sent with the version it was read at; when someone
 * else changed the group meanwhile the save answers 409, the typed name stays and the form offers Reload.
 */
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_NAME_MAX, MENU_ADMIN_ENDPOINTS, MENU_MSG, type UserGroupRow } from '../../../shared/contract/menu-endpoints';
import { useChange, usePending, useQuery } from '../../crud/use-request';
import { GROUP_LIST_PATH } from './group-paths';
import { StaleAlert } from '../../lib/stale-alert';
import { useUnsavedChanges } from '../../lib/unsaved-changes';

/** The request-slice entry of the save. */
const SAVE_KEY = 'groups:save';

export default function GroupFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const change = useChange();
  const saving = usePending(MENU_ADMIN_ENDPOINTS.SaveUserGroup, SAVE_KEY);
  const groups = useQuery<UserGroupRow[]>(id ? MENU_ADMIN_ENDPOINTS.getAllgroup : null, {}, { key: 'groups:form', failureText: MENU_MSG.oops, failureTitle: '' });
  const form = useFormik({
    initialValues: { updategroupname: '' },
    onSubmit: (v) => {
      change(MENU_ADMIN_ENDPOINTS.SaveUserGroup, { updategroupname: v.updategroupname, ...(id ? { id, version } : {}) }, {
        key: SAVE_KEY, failureText: MENU_MSG.oops, failureTitle: '',
        outcome: { okWhen: { field: 'status', value: 'OK' }, success: { text: MENU_MSG.done }, navigate: GROUP_LIST_PATH, refused: { text: MENU_MSG.oops, detailField: 'message' } },
      });
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
  // While the save is under way nothing asks: a good save moves on to the list at once.
  const unsaved = useUnsavedChanges(form.values.updategroupname.trim() !== (group?.groupname ?? ''), saving);

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
        <Button variant="contained" type="submit" disabled={saving}>Save</Button>
      </Box>
    </Paper>
  );
}
