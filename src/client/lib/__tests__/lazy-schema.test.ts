/**
 * lib/lazy-schema: the yup schema loaded on first use gives each field its first message, as Formik's own
 * validation did (an empty field is no value: `required` speaks before `oneOf`).
 */
import { lazyYupValidator } from '../lazy-schema';
import { changePasswordSchema, NEW_PASSWORD_REQUIRED, REENTER_REQUIRED, signInSchema, USERNAME_REQUIRED } from '../../features/session/session-schemas';
import { MSG } from '../../../shared/contract/messages';

test('sign-in: both required messages, and none once both are given', async () => {
  const validate = lazyYupValidator(async () => signInSchema);
  expect(await validate({ username: '  ', password: '' })).toEqual({ username: MSG.usernameRequired, password: MSG.passwordRequired });
  expect(await validate({ username: 'asha', password: 'x' })).toEqual({});
});

test('change password: an empty re-entry asks for it; a different one does not match; the schema loads once', async () => {
  const load = jest.fn(async () => changePasswordSchema);
  const validate = lazyYupValidator(load);
  expect(await validate({ username: '', password: '', password1: '' })).toEqual({
    username: USERNAME_REQUIRED, password: NEW_PASSWORD_REQUIRED, password1: REENTER_REQUIRED,
  });
  expect((await validate({ username: 'asha', password: 'Quartz-Loam#Sieve-2026', password1: '' })).password1).toBe(REENTER_REQUIRED);
  expect((await validate({ username: 'asha', password: 'Quartz-Loam#Sieve-2026', password1: 'Quartz-Loam#Sieve-2027' })).password1).toBe(MSG.passwordNotMatched);
  expect(await validate({ username: 'asha', password: 'Quartz-Loam#Sieve-2026', password1: 'Quartz-Loam#Sieve-2026' })).toEqual({});
  expect(load).toHaveBeenCalledTimes(1);
});
