import { useDispatch, useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { FormField } from '../../lib/form-field';
import { lazyYupValidator } from '../../lib/lazy-schema';
import { useSubmitWithToasts } from '../../lib/form-submit';
import { SubmitButton } from '../../lib/submit-button';
import { AuthCard } from './auth-card';
import { MySessions } from './my-sessions';
import { PASSWORD_MSG } from '../../../shared/contract/password-rules';
import {
  changePasswordRequested,
  logoutRequested,
  selectChangingPassword,
  selectPasswordOwnerId,
  selectPasswordOwnerName,
  selectStatus,
} from './session-slice';

interface ChangePasswordValues {
  username: string;
  currentPassword: string;
  password: string;
  password1: string;
}

const FIELDS = ['username', 'currentPassword', 'password', 'password1'] as const;

const validateFirstChange = lazyYupValidator<ChangePasswordValues>(() =>
  import(/* webpackChunkName: "forms" */ './session-schemas').then((m) => m.changePasswordSchema),
);
const validateSignedInChange = lazyYupValidator<ChangePasswordValues>(() =>
  import(/* webpackChunkName: "forms" */ './session-schemas').then((m) => m.changePasswordWithCurrentSchema),
);

/**
 * Change password (spec 000 section 2): /changePassword inside the shell (Settings) and
 * /changePassword/:id on its own for a first sign-in.
 */
export default function ChangePasswordPage({ variant = 'embedded' }: { variant?: 'embedded' | 'standalone' }) {
  const dispatch = useDispatch();
  const params = useParams();
  const ownerId = useSelector(selectPasswordOwnerId);
  const ownerName = useSelector(selectPasswordOwnerName);
  const status = useSelector(selectStatus);
  const busy = useSelector(selectChangingPassword);
  const paramId = Number(params.id);
  const userid = ownerId ?? (Number.isInteger(paramId) ? paramId : 0);
  // A signed-in session changes its password only with the current one (a first sign-in has its own short-lived token).
  const needsCurrent = status === 'signedIn';

  const form = useFormik<ChangePasswordValues>({
    initialValues: { username: ownerName ?? '', currentPassword: '', password: '', password1: '' },
    enableReinitialize: true,
    validate: needsCurrent ? validateSignedInChange : validateFirstChange,
    validateOnBlur: false,
    onSubmit: (values) => {
      dispatch(
        changePasswordRequested({
          userid,
          username: values.username.trim(),
          newPassword: values.password,
          confirmPassword: values.password1,
          ...(needsCurrent ? { currentPassword: values.currentPassword } : {}),
        }),
      );
    },
  });
  const submit = useSubmitWithToasts(form, FIELDS);
  const fieldError = (name: (typeof FIELDS)[number]) => (form.touched[name] && form.errors[name]) || undefined;

  const fields = (
    <form noValidate onSubmit={submit} aria-label="Change password">
      <FormField
        id="cp-username"
        name="username"
        label="Existing Username"
        autoComplete="username"
        value={form.values.username}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={fieldError('username')}
        readOnly={Boolean(ownerName)}
      />
      {needsCurrent && (
        <FormField
          id="cp-current"
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={form.values.currentPassword}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={fieldError('currentPassword')}
          disabled={busy}
        />
      )}
      <FormField
        id="cp-password"
        name="password"
        label="Enter New Password"
        type="password"
        autoComplete="new-password"
        autoFocus={!needsCurrent}
        value={form.values.password}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={fieldError('password')}
        hint={PASSWORD_MSG.hint}
        disabled={busy}
      />
      <FormField
        id="cp-password1"
        name="password1"
        label="Re-Enter Password"
        type="password"
        autoComplete="new-password"
        value={form.values.password1}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={fieldError('password1')}
        disabled={busy}
      />
      <SubmitButton loading={busy}>Submit</SubmitButton>
    </form>
  );

  if (variant === 'standalone') {
    return (
      <AuthCard subtitle={status === 'firstLogin' ? 'This is your first sign-in: choose a new password to continue.' : 'Change your password.'}>
        {fields}
        {status === 'firstLogin' ? (
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Button variant="text" size="small" onClick={() => dispatch(logoutRequested())}>
              Back to Sign In
            </Button>
          </Box>
        ) : null}
      </AuthCard>
    );
  }

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, maxWidth: 480 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
          Change Password
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          After the change you sign in again with the new password.
        </Typography>
        {fields}
      </Paper>
      {status === 'signedIn' ? <MySessions /> : null}
    </>
  );
}
