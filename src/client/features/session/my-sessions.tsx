/**
 * Settings: "Your sessions", where the user sees every browser signed in as them (browser, address, signed in,
 * last seen, UTC) and ends any of them; ending "This browser" signs out here.
 */
import { useEffect, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SessionInfo } from '../../../shared/contract/account-endpoints';
import { formatUtcDateTime } from '../../../shared/format/date-time';
import { injectSaga } from '../../app/store';
import { ListGrid } from '../../crud/list-grid';
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
      <ListGrid<SessionInfo> label="Your sessions" rows={rows} rowId={(r) => r.sessionId} loading={loading} noRowsText="No live sessions."
        columns={[
          {
            field: 'browser', header: 'Browser', minWidth: 200, render: (r) => (
              <>
                {r.browser}
                {r.current ? <Chip size="small" label="This browser" color="primary" variant="outlined" sx={{ ml: 1 }} /> : null}
              </>
            ),
          },
          { field: 'ip', header: 'Address', minWidth: 110 },
          { field: 'signedInAt', header: 'Signed in', minWidth: 150, render: (r) => formatUtcDateTime(r.signedInAt) },
          { field: 'lastSeenAt', header: 'Last seen', minWidth: 150, render: (r) => formatUtcDateTime(r.lastSeenAt) },
          {
            field: 'action', header: 'Action', flex: 0, width: 90, render: (r) => (
              <Button size="small" color="error" disabled={ending !== null} onClick={() => setConfirming(r)}
                aria-label={`End session: ${r.browser}${r.current ? ' (this browser)' : ''}`}>
                End
              </Button>
            ),
          },
        ]} />
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
