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
import { PASSWORD_MIN_LENGTH } from '../../app/session-constants';
import {
  changePasswordRequested,
  logoutRequested,
  selectChangingPassword,
  selectPasswordOwnerId,
  selectPasswordOwnerName,
  selectStatus,
} from '../../app/session-slice';

interface ChangePasswordValues {
  username: string;
  password: string;
  password1: string;
}

const FIELDS = ['username', 'password', 'password1'] as const;

const validateChangePassword = lazyYupValidator<ChangePasswordValues>(() =>
  import(/* webpackChunkName: "forms" */ './session-schemas').then((m) => m.changePasswordSchema),
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

  const form = useFormik<ChangePasswordValues>({
    initialValues: { username: ownerName ?? '', password: '', password1: '' },
    enableReinitialize: true,
    validate: validateChangePassword,
    validateOnBlur: false,
    onSubmit: (values) => {
      dispatch(
        changePasswordRequested({
          userid,
          username: values.username.trim(),
          newPassword: values.password,
          confirmPassword: values.password1,
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
      <FormField
        id="cp-password"
        name="password"
        label="Enter New Password"
        type="password"
        autoComplete="new-password"
        autoFocus
        value={form.values.password}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={fieldError('password')}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
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
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, maxWidth: 480 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
        Change Password
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        After the change you sign in again with the new password.
      </Typography>
      {fields}
    </Paper>
  );
}
