/**
 * newGroup (spec 001 sections 2, 5, 8): one field 'User Group', Cancel and Save. No client-side checks
 * (as the spec shows); the server answers OK ('Done', back to the list) or NO ('Oops' with its sentence).
 * newGroup?id=N (ours) renames group N: the name is sent with the version it was read at; when someone
 * else changed the group meanwhile the save answers 409, the typed name stays and the form offers Reload.
 */
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GROUP_NAME_MAX, MENU_MSG, type GroupSaveAnswer, type UserGroupRow } from '../../../shared/contract/menu-endpoints';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { GROUP_LIST_PATH, postGroup } from './group-api';
import { StaleAlert } from '../../lib/stale-alert';

export default function GroupFormPage() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  /** The group's version as read (a rename); a stale one answers 409 and the form offers Reload. */
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const [loads, setLoads] = useState(0);
  const form = useFormik({
    initialValues: { updategroupname: '' },
    onSubmit: async (v) => {
      try {
        const answer = await postGroup<GroupSaveAnswer>('SaveUserGroup', { updategroupname: v.updategroupname, ...(id ? { id, version } : {}) });
        if (answer?.status === 'OK') {
          dispatch(notifySuccess(MENU_MSG.done));
          navigate(GROUP_LIST_PATH);
        } else dispatch(notifyError(MENU_MSG.oops, undefined, answer?.message));
      } catch (e) {
        if (!isHandledCentrally(e)) dispatch(notifyError(MENU_MSG.oops, undefined, serverMessage(e)));
      }
    },
  });
  const { setValues } = form;

  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    postGroup<UserGroupRow[]>('getAllgroup', {})
      .then((list) => {
        if (!live) return;
        const g = Array.isArray(list) ? list.find((x) => x.id === id) : undefined;
        setMissing(!g);
        setVersion(g?.version);
        if (g) void setValues({ updategroupname: g.groupname });
      })
      .catch((e: unknown) => live && !isHandledCentrally(e) && dispatch(notifyError(MENU_MSG.oops, undefined, serverMessage(e))));
    return () => {
      live = false;
    };
  }, [id, loads, dispatch, setValues]);

  return (
    <Paper component="form" noValidate onSubmit={form.handleSubmit} sx={{ p: 3, maxWidth: 520, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">User Group</Typography>
      {missing ? <Alert severity="error">This User Group does not exist.</Alert> : null}
      <StaleAlert onReload={() => setLoads((n) => n + 1)} />
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
