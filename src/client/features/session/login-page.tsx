import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { FormField } from '../../lib/form-field';
import { lazyYupValidator } from '../../lib/lazy-schema';
import { useSubmitWithToasts } from '../../lib/form-submit';
import { SubmitButton } from '../../lib/submit-button';
import { AuthCard } from './auth-card';
import { credentialsTyped, selectSignInAlert, selectSigningIn, signInAlertDismissed, signInRequested, type SignInForm } from '../../app/session-slice';

const validateSignIn = lazyYupValidator<SignInForm>(() =>
  import(/* webpackChunkName: "forms" */ './session-schemas').then((m) => m.signInSchema),
);

const FIELDS = ['username', 'password'] as const;

type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

/**
 * The sign-in form's state, as Formik keeps it for the other forms (checked on every change, errors shown once
 * a field was left or a submit was tried) but without Formik: the sign-in page is the first download of
 * every user, and Formik would add 10 KB gz to it for two fields.
 */
function useSignInForm(onSubmit: (values: SignInForm) => void) {
  const [values, setValues] = useState<SignInForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const latest = useRef(values);
  const validateForm = async (checked = latest.current) => {
    const found = (await validateSignIn(checked)) as Errors;
    // A later keystroke's check wins over an earlier one that answers late.
    if (checked === latest.current) setErrors(found);
    return found;
  };
  return {
    values,
    fieldError: (name: Field) => (touched[name] && errors[name]) || undefined,
    handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
      const next = { ...latest.current, [event.target.name]: event.target.value };
      latest.current = next;
      setValues(next);
      void validateForm(next);
    },
    handleBlur(event: { target: { name: string } }) {
      const { name } = event.target;
      setTouched((t) => ({ ...t, [name]: true }));
    },
    validateForm,
    setTouched,
    async submitForm() {
      onSubmit(latest.current);
    },
  };
}

const SignInAlert = lazy(() => import(/* webpackChunkName: "sign-in-alert" */ './sign-in-alert'));

/** Sign-in (/login): spec 000 sections 2, 5 and 8. */
export default function LoginPage() {
  const dispatch = useDispatch();
  const signingIn = useSelector(selectSigningIn);
  const alert = useSelector(selectSignInAlert);
  const form = useSignInForm((values) => dispatch(signInRequested(values)));
  const submit = useSubmitWithToasts(form, FIELDS);
  // The fields are disabled while signing in, which drops the keyboard focus to the page: a failed sign-in
  // (still on this page) gives it back to the first field.
  const wasSigningIn = useRef(false);
  useEffect(() => {
    if (wasSigningIn.current && !signingIn) document.getElementById('username')?.focus();
    wasSigningIn.current = signingIn;
  }, [signingIn]);
  const { fieldError } = form;
  // The HTTP client and the password encoder load while the user types (once: the session saga loads them).
  const typed = useRef(false);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (!typed.current) {
      typed.current = true;
      dispatch(credentialsTyped());
    }
    form.handleChange(event);
  };

  return (
    <AuthCard subtitle="Sign in to your laboratory workspace">
      {alert ? (
        <Suspense fallback={<div role="alert">{alert}</div>}>
          <SignInAlert text={alert} onClose={() => dispatch(signInAlertDismissed())} />
        </Suspense>
      ) : null}
      <form noValidate onSubmit={submit} aria-label="Sign in">
        <FormField
          id="username"
          name="username"
          label="Username"
          autoComplete="username"
          autoFocus
          value={form.values.username}
          onChange={onChange}
          onBlur={form.handleBlur}
          error={fieldError('username')}
          disabled={signingIn}
        />
        <FormField
          id="password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={onChange}
          onBlur={form.handleBlur}
          error={fieldError('password')}
          disabled={signingIn}
        />
        <SubmitButton loading={signingIn}>Sign In</SubmitButton>
      </form>
    </AuthCard>
  );
}
