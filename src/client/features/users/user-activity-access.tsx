/**
 * User activity access (spec 000 sections 2, 5, 7): the employee's name and workflow role, the role's
 * permissions (read-only), Move To Resource Name (the reporting manager, among the users who can approve:
 * a colleague of the same role often cannot), a disabled Workflow Role selector and the activity table.
 * Without an employee in the route, the employee is picked first. Save checks, in order, the role, the
 * resource and at least one ticked activity, then replaces the user's access and returns to the list.
 * The access is saved with the version it was read at: when someone else changed it (or the employee)
 * meanwhile, the save answers 409, the edits stay on screen and the page offers Reload.
 */
import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { MSG } from '../../../shared/contract/messages';
import { APPROVER_MSG, USER_ACCESS_ENDPOINTS, USER_ACCESS_MSG } from '../../../shared/contract/user-endpoints';
import { employee, workflowRole } from '../../../shared/resources';
import type { Row } from '../../crud/crud-api';
import { ListGrid } from '../../crud/list-grid';
import { useChange, usePending, useQuery } from '../../crud/use-request';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { notifyError } from '../../lib/notifier/notify-slice';
import { StaleAlert } from '../../lib/stale-alert';
import { EmployeePicker } from './employee-picker';

export const ACCESS_LOAD_FAILED = "The user's activity access could not be loaded.";

/** The role's permissions shown (read-only): the workflow role definition's checkboxes. */
const PERMISSIONS = workflowRole.fields.filter((f) => f.kind === 'boolean');

interface AccessRow extends Row {
  activityID: number;
  chkselect: boolean;
}

interface Access {
  userid: number;
  resourceId: number;
  roleid: number;
  rolename: string;
  name: string;
  reportingmanagerid: number;
  /** The current manager's name (from the server; '' when none). */
  reportingmanagername: string;
  actAccesslst: AccessRow[];
  /** The version read (absent from an old server: then no check is made). */
  version?: number;
}

/** A reporting manager who can approve (getApproversForUser). */
interface Candidate {
  id: number;
  name: string;
  rolename?: string;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

function toAccess(answer: unknown, id: number): Access {
  const a = (answer && typeof answer === 'object' ? answer : {}) as Row;
  const rows = Array.isArray(a.actAccesslst) ? (a.actAccesslst as Row[]) : [];
  return {
    userid: num(a.userid) || id,
    resourceId: num(a.resourceId) || id,
    roleid: num(a.roleid),
    rolename: str(a.rolename),
    name: str(a.name),
    reportingmanagerid: num(a.reportingmanagerid),
    reportingmanagername: str(a.reportingmanagername),
    actAccesslst: rows.map((r) => ({ ...r, activityID: num(r.activityID), chkselect: r.chkselect === true })),
    version: typeof a.version === 'number' ? a.version : undefined,
  };
}

/** The first failing check, in the spec's order, or null. */
export function accessError(access: Pick<Access, 'roleid' | 'reportingmanagerid' | 'actAccesslst'>): string | null {
  if (!access.roleid) return USER_ACCESS_MSG.role;
  if (!access.reportingmanagerid) return USER_ACCESS_MSG.resource;
  if (!access.actAccesslst.some((r) => r.chkselect)) return USER_ACCESS_MSG.activity;
  return null;
}

/** The request-slice entry of the save. */
const SAVE_KEY = 'users:activity-access-save';

export default function UserActivityAccess() {
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : 0;
  const dispatch = useDispatch();
  const change = useChange();
  const loadFailure = { failureText: ACCESS_LOAD_FAILED, failureTitle: MSG.oops };
  const read = useQuery<unknown>(id ? USER_ACCESS_ENDPOINTS.getUsractById : null, { userid: id }, loadFailure);
  /** The access as the server holds it; the screen edits a copy of it (`access`). */
  const loaded = useMemo(() => (read.data === undefined ? null : toAccess(read.data, id)), [read.data, id]);
  const loadError = id && read.failed ? (read.entry?.message ?? ACCESS_LOAD_FAILED) : null;
  const [access, setAccess] = useState<Access | null>(loaded);
  // A new answer (the first one, a Reload) replaces the edits (set during render, as React advises).
  const [shown, setShown] = useState(loaded);
  if (shown !== loaded) {
    setShown(loaded);
    setAccess(loaded);
  }
  const approvers = useQuery<Candidate[]>(loaded ? USER_ACCESS_ENDPOINTS.getApproversForUser : null, { userid: loaded?.userid }, loadFailure);
  const roleFlags = useQuery<Row>(loaded?.roleid ? USER_ACCESS_ENDPOINTS.getCheckboxes : null, { roleid: loaded?.roleid }, loadFailure);
  const flags = roleFlags.data ?? {};
  /** The reporting managers on offer; null until they are loaded. */
  const candidates = useMemo(
    () => (approvers.data === undefined ? null : Array.isArray(approvers.data) ? approvers.data.filter((x) => x.id !== loaded?.userid) : []),
    [approvers.data, loaded?.userid],
  );
  const saving = usePending(USER_ACCESS_ENDPOINTS.saveUserActivityAceess, SAVE_KEY);
  // Changed: the ticks or the reporting manager differ from what the server holds.
  const unsaved = useUnsavedChanges(JSON.stringify(access) !== JSON.stringify(loaded), saving);
  const reload = () => {
    read.reload();
    approvers.reload();
    roleFlags.reload();
  };

  const tick = (activityID: number, on: boolean) =>
    setAccess((a) => a && { ...a, actAccesslst: a.actAccesslst.map((r) => (r.activityID === activityID ? { ...r, chkselect: on } : r)) });
  const tickAll = (on: boolean) => setAccess((a) => a && { ...a, actAccesslst: a.actAccesslst.map((r) => ({ ...r, chkselect: on })) });

  const save = () => {
    if (!access || saving) return;
    const problem = accessError(access);
    if (problem) {
      dispatch(notifyError(problem, MSG.oops));
      return;
    }
    const { userid, resourceId, roleid, reportingmanagerid, actAccesslst, version } = access;
    change(USER_ACCESS_ENDPOINTS.saveUserActivityAceess, { userid, resourceId, roleid, reportingmanagerid, actAccesslst, version }, {
      key: SAVE_KEY, failureText: USER_ACCESS_MSG.activity, failureTitle: MSG.oops,
      outcome: {
        okWhen: { field: 'status', value: 'Success' }, success: { text: USER_ACCESS_MSG.saved, field: 'message' }, navigate: employee.routes.home,
        refused: { text: MSG.oops, field: 'message', title: MSG.oops }, reasonFirst: true,
      },
    });
  };

  const rows = access?.actAccesslst ?? [];
  const offered = candidates ?? [];
  // The stored manager, when the list (once loaded) does not offer them: shown by name, with a warning.
  const current = access?.reportingmanagerid ? access.reportingmanagerid : 0;
  const currentName = access?.reportingmanagername || `User ${current}`;
  const currentInvalid = current !== 0 && candidates !== null && !offered.some((c) => c.id === current);
  const allTicked = rows.length > 0 && rows.every((r) => r.chkselect);
  const someTicked = rows.some((r) => r.chkselect);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      {unsaved.guard}
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        User Activity Access
      </Typography>
      {loadError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {loadError}
        </Alert>
      ) : null}
      <StaleAlert sx={{ mb: 2 }} onReload={reload} />
      {!id ? <EmployeePicker /> : null}
      {id && !access && !loadError ? <LinearProgress aria-label="Loading" sx={{ mb: 2 }} /> : null}
      {access && currentInvalid ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="manager-warning">
          {APPROVER_MSG.current(currentName)}
        </Alert>
      ) : null}
      {access ? (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            <Typography data-testid="access-name">
              <strong>Employee Name:</strong> {access.name}
            </Typography>
            <Typography data-testid="access-role">
              <strong>Workflow Role:</strong> {access.rolename}
            </Typography>
          </Box>
          <FormGroup row aria-label="Permissions">
            {PERMISSIONS.map((p) => (
              <FormControlLabel key={p.name} label={p.label} disabled control={<Checkbox name={p.name} checked={flags[p.name] === true} readOnly />} />
            ))}
          </FormGroup>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 720 }}>
            <TextField
              id="access-manager"
              select
              label="Move To Resource Name"
              size="small"
              value={access.reportingmanagerid ? String(access.reportingmanagerid) : ''}
              onChange={(e) => setAccess({ ...access, reportingmanagerid: Number(e.target.value) || 0 })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Select</option>
              {offered.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.rolename ? APPROVER_MSG.candidate(c.name, c.rolename) : c.name}
                </option>
              ))}
              {current !== 0 && !offered.some((c) => c.id === current) ? (
                <option value={String(current)}>{candidates === null ? currentName : `${currentName} (cannot approve)`}</option>
              ) : null}
            </TextField>
            <TextField
              id="access-role-select"
              select
              disabled
              label="Workflow Role"
              size="small"
              value={access.roleid ? String(access.roleid) : ''}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">Select</option>
              {access.roleid ? <option value={String(access.roleid)}>{access.rolename}</option> : null}
            </TextField>
          </Box>
          <ListGrid<AccessRow> label="Activities" rows={rows} rowId={(r) => r.activityID} noRowsText="No activities."
            columns={[
              {
                field: 'chkselect', header: 'Select', flex: 0, width: 110,
                renderHeader: () => (
                  <FormControlLabel
                    label="Select"
                    control={
                      <Checkbox size="small" checked={allTicked} indeterminate={someTicked && !allTicked} onChange={(e) => tickAll(e.target.checked)}
                        slotProps={{ input: { 'aria-label': 'Select all' } }} />
                    }
                  />
                ),
                render: (r) => (
                  <Checkbox size="small" checked={r.chkselect} onChange={(e) => tick(r.activityID, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Select ${str(r.activityname)}` } }} />
                ),
              },
              { field: 'srno', header: 'Sr No.', flex: 0, width: 80, render: (r) => rows.indexOf(r) + 1 },
              { field: 'shortname', header: 'Short Name', render: (r) => str(r.shortname) },
              { field: 'activityname', header: 'Activity Name', flex: 2, render: (r) => str(r.activityname) },
              { field: 'sequence', header: 'Sequence', flex: 0, width: 100, render: (r) => str(r.sequence) },
            ]} />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, mt: 2.5 }}>
        <Button component={RouterLink} to={employee.routes.home} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        {access ? (
          <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving} aria-busy={saving || undefined}>
            Save
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
