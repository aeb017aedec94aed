/**
 * The sign-in dialog: shown over the open screen when its session ended (a call answered 401). The screen
 * stays mounted underneath with what the user typed (also kept as a draft, lib/drafts); signing in again
 * as the same user closes the dialog and the user carries on, e.g. presses Save again. Part of the main
 * bundle (app/providers): it must show even when the network is what failed. Plain themed elements, no
 * MUI Dialog, to keep the sign-in download small.
 */
import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { styled } from '@mui/material/styles';
import { FormField } from '../../lib/form-field';
import { SubmitButton } from '../../lib/submit-button';
import { credentialsTyped, logoutRequested, reauthRequested, selectReauth, selectUser } from '../../app/session-slice';

export const REAUTH_TITLE = 'Your session has ended';
export const REAUTH_TEXT = 'Sign in again to carry on. What you entered on this screen is kept.';
export const REAUTH_SIGN_OUT = 'Sign out instead';

const Backdrop = styled('div')(({ theme }) => ({
  position: 'fixed',
  inset: 0,
  zIndex: theme.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: theme.spacing(2),
  backgroundColor: 'rgba(33, 33, 33, 0.55)',
}));

const Card = styled('form')(({ theme }) => ({
  width: '100%',
  maxWidth: 400,
  boxSizing: 'border-box',
  padding: theme.spacing(3),
  backgroundColor: theme.palette.background.paper,
  borderRadius: 12,
  boxShadow: '0 12px 40px rgba(0, 0, 0, 0.25)',
}));

const SignOut = styled('button')(({ theme }) => ({
  display: 'block',
  margin: `${theme.spacing(2)} auto 0`,
  padding: theme.spacing(0.5, 1),
  border: 0,
  background: 'none',
  font: 'inherit',
  color: theme.palette.primary.dark,
  textDecoration: 'underline',
  cursor: 'pointer',
}));

export function ReauthDialog() {
  const reauth = useSelector(selectReauth);
  if (reauth === 'closed') return null;
  return <ReauthForm busy={reauth === 'busy'} />;
}

function ReauthForm({ busy }: { busy: boolean }) {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== '') dispatch(reauthRequested({ password }));
  };
  return (
    <Backdrop>
      <Card role="dialog" aria-modal="true" aria-labelledby="reauth-title" aria-describedby="reauth-text" onSubmit={submit} noValidate>
        <h2 id="reauth-title" style={{ margin: 0, fontSize: '1.25rem' }}>
          {REAUTH_TITLE}
        </h2>
        <p id="reauth-text" style={{ margin: '8px 0 0' }}>
          {REAUTH_TEXT}
        </p>
        <FormField id="reauth-username" name="reauth-username" label="Username" value={user?.username ?? ''} onChange={() => undefined} readOnly />
        <FormField
          id="reauth-password"
          name="reauth-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => {
            // The first character: the session saga loads the HTTP client and the encoder meanwhile.
            if (password === '') dispatch(credentialsTyped());
            setPassword(e.target.value);
          }}
          disabled={busy}
        />
        <SubmitButton loading={busy}>Sign In</SubmitButton>
        <SignOut type="button" onClick={() => dispatch(logoutRequested())}>
          {REAUTH_SIGN_OUT}
        </SignOut>
      </Card>
    </Backdrop>
  );
}
