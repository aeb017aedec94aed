/**
 * Settings: "Your sessions", where the user sees every browser signed in as them (browser, address, signed in,
 * last seen, UTC) and ends any of them; ending "This browser" signs out here.
 */
import { useEffect, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SessionInfo } from '../../../shared/contract/account-endpoints';
import { formatUtcDateTime } from '../../../shared/format/date-time';
import { injectSaga } from '../../app/store';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { mySessionsSaga } from './my-sessions-saga';
import { endSessionRequested, mySessionsRequested, selectMySessions } from './my-sessions-slice';

export function MySessions() {
  const store = useStore();
  injectSaga(store, 'mySessions', mySessionsSaga);
  const dispatch = useDispatch();
  const { rows, loading, failed, ending } = useSelector(selectMySessions);
  const [confirming, setConfirming] = useState<SessionInfo | null>(null);
  useEffect(() => {
    dispatch(mySessionsRequested());
  }, [dispatch]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, mt: 3, maxWidth: 960 }} component="section" aria-labelledby="my-sessions-title">
      <Typography id="my-sessions-title" component="h2" variant="h5" sx={{ fontWeight: 600 }}>
        Your sessions
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        Every browser signed in as you. End any session you do not recognise, then change your password.
      </Typography>
      {failed ? <Typography color="error">The sessions could not be loaded.</Typography> : null}
      <Table size="small" aria-labelledby="my-sessions-title">
        <TableHead>
          <TableRow>
            {['Browser', 'Address', 'Signed in', 'Last seen', 'Action'].map((h) => <TableCell key={h} sx={{ fontWeight: 600 }}>{h}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow><TableCell colSpan={5}>{loading ? 'Loading…' : 'No live sessions.'}</TableCell></TableRow>
          ) : rows.map((r) => (
            <TableRow key={r.sessionId} data-testid="session-row">
              <TableCell>
                {r.browser}
                {r.current ? <Chip size="small" label="This browser" color="primary" variant="outlined" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell>{r.ip ?? ''}</TableCell>
              <TableCell>{formatUtcDateTime(r.signedInAt)}</TableCell>
              <TableCell>{formatUtcDateTime(r.lastSeenAt)}</TableCell>
              <TableCell>
                <Button size="small" color="error" disabled={ending !== null} onClick={() => setConfirming(r)}
                  aria-label={`End session: ${r.browser}${r.current ? ' (this browser)' : ''}`}>
                  End
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog open={confirming !== null} destructive title="End this session?" confirmLabel="End session"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) dispatch(endSessionRequested(confirming.sessionId));
          setConfirming(null);
        }}>
        {confirming?.current
          ? 'This is the browser you are using: you will be signed out here.'
          : `${confirming?.browser ?? ''} at ${confirming?.ip ?? 'an unknown address'} will be signed out at its next step.`}
      </ConfirmDialog>
    </Paper>
  );
}
