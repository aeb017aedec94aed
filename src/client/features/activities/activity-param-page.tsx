/**
 * The parameter screens (spec 001 sections 2, 4, 5): activityparamNew/{id}/{activitylevel}/{samplenov}/
 * {sampleno}/{pageno} (and activityparam/... without the page) for Level 1, lvl2activityparam/.../
 * {plantassesmentcode}/{pageno} for Level 2. Header 'Activity Transaction - {samplenov} {activity} : {level}'
 * with 'Sequence : #n'; a button per activity with its S/A/R badge; the dynamic form; Revert With Comment and
 * Comments (max 200) for the reporting manager; the status message with the real names; Submit, Revert,
 * Approve, Cancel.
 *
 * Buttons (section 5, with the server's `allowed` as the final word): Submit shows in Own mode, disabled
 * while S (Level 2 also while the form is invalid); Approve and Revert show in Approve mode, disabled once A.
 * Inputs are disabled unless the stored flag edit is true and the activity is the caller's to edit.
 */
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ActivityButton, ActivityLevel, ParamconfWithTransaction } from '../../../shared/contract/activity-endpoints';
import { SIGNATURE_MEANING, type SignatureInfo, type SignedAction } from '../../../shared/contract/signatures';
import { REMARK_MAX, WORKFLOW_MSG, statusMessage, transitionFor, type ActivityAction, type StoredStatus } from '../../../shared/workflow';
import { formatUtcDateTime } from '../../../shared/format/date-time';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { encodeSecrets } from '../../lib/transport';
import { homeOf, paramScreenPath } from './activity-paths';
import { listPath } from './activity-sagas';
import { screenClosed, screenRequested, selectScreen, transitionRequested } from './activity-slice';
import { ParameterForm, type ParameterFormApi } from './parameter-form';
import { useActivitiesSaga, useSessionFlags } from './use-activities';

const BADGE_COLOUR = { S: 'warning', A: 'success', R: 'error' } as const;

/** The status message of the open activity (spec 001 section 4), or null. */
export function statusLine(p: Pick<ParamconfWithTransaction, 'status' | 'mode' | 'reportingmanager' | 'username'>): string | null {
  if (p.status === 'A') return statusMessage.approved(p.reportingmanager);
  if (p.status === 'R') return statusMessage.reverted(p.reportingmanager);
  if (p.status === 'S') return p.mode === 'manager' ? statusMessage.cameForApproval(p.username) : statusMessage.submitted(p.reportingmanager);
  return null;
}

function ActivityButtons({ buttons, current, onOpen }: { buttons: ActivityButton[]; current: number; onOpen(b: ActivityButton): void }) {
  return (
    <Box role="group" aria-label="Activities" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      {buttons.map((b) => (
        <Badge key={b.id} badgeContent={b.status ?? undefined} invisible={b.status === null} color={b.status ? BADGE_COLOUR[b.status] : 'default'}
          overlap="rectangular">
          <Button size="small" variant={b.id === current ? 'contained' : 'outlined'} aria-pressed={b.id === current}
            title={b.activityname} onClick={() => onOpen(b)}
            aria-label={`${b.shortname}${b.status ? ` (${b.status})` : ''}`}>
            {b.shortname}
          </Button>
        </Badge>
      ))}
    </Box>
  );
}

/** The signed approvals and reversions of the open activity (who, when in UTC, what they meant). */
function Signatures({ list }: { list: SignatureInfo[] }) {
  if (list.length === 0) return null;
  return (
    <Box component="section" aria-label="Signatures" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">Signatures</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {list.map((g) => (
          <li key={`${g.at}-${g.hash}`}>
            <Typography variant="body2">
              {`${g.name} (${g.username}), ${formatUtcDateTime(g.at)}: ${g.meaning}`}
              {!g.valid && <strong>{' (does not match its record)'}</strong>}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

interface ControlsProps {
  level: ActivityLevel;
  p: ParamconfWithTransaction;
  status: StoredStatus;
  pending: ActivityAction | null;
  form: ParameterFormApi;
  onAction(action: ActivityAction, values: Record<string, string>, remarks: string, signaturePassword?: string): void;
  onCancel(): void;
}

function Controls({ level, p, status, pending, form, onAction, onCancel }: ControlsProps) {
  const manager = p.mode === 'manager';
  const [revertWithComment, setRevertWithComment] = useState(status === 'R');
  const [remarks, setRemarks] = useState('');
  const message = statusLine({ ...p, status });
  const busy = pending !== null;
  const allowed = (a: ActivityAction) => p.allowed.includes(a);
  const submitDisabled = busy || status === 'S' || status === 'A' || !allowed('submit') || (level === 'Level 2' && !form.formik.isValid);
  // An approval whose data was amended since is decided again (approve or revert), signed like the first.
  const decideDisabled = busy || (status === 'A' && !p.amended);
  const [signing, setSigning] = useState<SignedAction | null>(null);
  const decide = (action: SignedAction) => {
    // A revert without its remark is refused before anyone is asked to sign (the saga says why).
    if (transitionFor(status, action, p.amended === true)?.remarkRequired && remarks.trim() === '') onAction(action, form.formik.values, remarks);
    else setSigning(action);
  };
  const sign = async (password: string) => {
    const action = signing;
    if (!action) return;
    setSigning(null);
    const [encoded] = await encodeSecrets(password);
    onAction(action, form.formik.values, remarks, encoded);
  };

  return (
    <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {p.amended && (
        <Alert severity="warning" data-testid="amended-notice">
          Data amended after approval: the data these results rest on was changed after they were approved. Approve them again or revert them.
        </Alert>
      )}
      {manager && (status !== 'A' || p.amended) && (
        <FormControlLabel label="Revert With Comment"
          control={<Checkbox checked={revertWithComment} onChange={(e) => setRevertWithComment(e.target.checked)} />} />
      )}
      {manager && (revertWithComment || status === 'A') && (
        <TextField id="activity-remarks" label="Comments" multiline minRows={2} value={remarks} disabled={status === 'A' && !p.amended}
          onChange={(e) => setRemarks(e.target.value.slice(0, REMARK_MAX))}
          helperText={`${remarks.length}/${REMARK_MAX}`} slotProps={{ htmlInput: { maxLength: REMARK_MAX } }} />
      )}
      {status === 'R' && p.remarks && (
        <Typography variant="body2" data-testid="revert-remark"><strong>Remark:</strong> {p.remarks}</Typography>
      )}
      {message && <Typography role="status" data-testid="status-message" color={status === 'R' ? 'error' : status === 'A' ? 'success.main' : 'text.primary'}>{message}</Typography>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!manager && (
          <Button variant="contained" disabled={submitDisabled} onClick={() => void form.submit()}>
            {pending === 'submit' ? 'Submitting…' : 'Submit'}
          </Button>
        )}
        {manager && (
          <>
            <Button variant="outlined" color="error" disabled={decideDisabled || !allowed('revert')}
              onClick={() => decide('revert')}>
              Revert
            </Button>
            <Button variant="contained" color="success" disabled={decideDisabled || !allowed('approve')}
              onClick={() => decide('approve')}>
              Approve
            </Button>
          </>
        )}
        <Button variant="text" onClick={onCancel} disabled={busy}>Cancel</Button>
      </Box>
      <Signatures list={p.signatures ?? []} />
      <ConfirmDialog open={signing !== null} title={signing === 'revert' ? 'Sign the reversion' : 'Sign the approval'}
        confirmLabel={signing === 'revert' ? 'Sign and revert' : 'Sign and approve'} askPassword destructive={signing === 'revert'}
        onCancel={() => setSigning(null)} onConfirm={({ password }) => void sign(password)}>
        <Typography sx={{ mb: 1 }}>This is your electronic signature. Its meaning:</Typography>
        <Typography component="blockquote" sx={{ fontWeight: 600, m: 0, mb: 2 }} data-testid="signature-meaning">
          {signing ? SIGNATURE_MEANING[signing] : ''}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>Re-enter your password to sign.</Typography>
      </ConfirmDialog>
    </Box>
  );
}

export default function ActivityParamPage({ level }: { level: ActivityLevel }) {
  useActivitiesSaga();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const flags = useSessionFlags();
  const params = useParams();
  const actid = Number(params.id);
  const samplenov = params.samplenov ?? '';
  const sampleno = params.sampleno ?? '';
  const pncode = level === 'Level 2' ? (params.plantassesmentcode ?? '') : null;
  const pageno = Number(params.pageno) >= 1 ? Number(params.pageno) : 1;
  const screen = useSelector(selectScreen);

  useEffect(() => {
    dispatch(screenRequested({ level, actid, samplenov, sampleno, pncode, pageno }));
  }, [dispatch, level, actid, samplenov, sampleno, pncode, pageno]);
  useEffect(() => () => {
    dispatch(screenClosed());
  }, [dispatch]);

  const p = screen.key?.actid === actid ? screen.paramconf : null;
  const values = p ? Object.fromEntries(p.activeList.map((x) => [x.shortname, x.inputvalue])) : undefined;
  const editable = flags.edit && Boolean(p?.canEdit) && p?.mode !== 'manager';
  const onAction = (action: ActivityAction, v: Record<string, string>, remarks: string, signaturePassword?: string) =>
    dispatch(transitionRequested({ action, values: v, remarks, ...(signaturePassword ? { signaturePassword } : {}) }));

  return (
    <Box sx={{ p: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }} data-testid="activity-header">
            {`Activity Transaction - ${samplenov} ${p?.activityname ?? ''} : ${level}`}
          </Typography>
          {p && <Typography variant="subtitle1" component="p" data-testid="activity-sequence">{`Sequence : #${p.sequence ?? ''}`}</Typography>}
        </Box>
        <ActivityButtons buttons={screen.buttons} current={actid}
          onOpen={(b) => navigate(paramScreenPath({ actid: b.id, level, samplenov, sampleno, pncode, pageno }))} />
        <Box sx={{ height: 4, mb: 1 }}>{screen.loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
        {screen.failed && !p && <Typography color="error">The activity could not be loaded.</Typography>}
        {p && (
          <ParameterForm
            key={`${p.actid}-${p.trnid ?? 'new'}-${p.version ?? 0}`}
            id="activity-form"
            parameters={p.activeList}
            values={values}
            disabled={!editable || screen.pending !== null}
            invalidMessage={WORKFLOW_MSG.checkAll}
            onSubmit={(v) => onAction('submit', v, '')}
          >
            {(form) => (
              <Controls key={`${p.actid}-${screen.status ?? 'Y'}`} level={level} p={p} status={screen.status} pending={screen.pending} form={form}
                onAction={onAction} onCancel={() => navigate(screen.key ? listPath(level, pageno) : homeOf(level))} />
            )}
          </ParameterForm>
        )}
      </Paper>
    </Box>
  );
}
