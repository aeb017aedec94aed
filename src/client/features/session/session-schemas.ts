/** The sign-in and change-password form rules (loaded with the first validation, see lib/lazy-schema). */
import { object, ref, string } from 'yup';
import { MSG } from '../../../shared/contract/messages';
import { PASSWORD_CHANGE_MSG } from '../../../shared/contract/password-rules';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './session-constants';

export const USERNAME_REQUIRED = 'Please Enter Username!';
export const NEW_PASSWORD_REQUIRED = 'Please Enter New Password!';
export const REENTER_REQUIRED = 'Please Re-Enter Password!';

export const signInSchema = object({
  username: string().trim().required(MSG.usernameRequired),
  password: string().required(MSG.passwordRequired),
});

export const changePasswordSchema = object({
  username: string().trim().required(USERNAME_REQUIRED),
  password: string().required(NEW_PASSWORD_REQUIRED).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
  password1: string()
    .required(REENTER_REQUIRED)
    .oneOf([ref('password')], MSG.passwordNotMatched),
});

/** From a signed-in session (Settings) the current password proves who is at the keyboard. */
export const changePasswordWithCurrentSchema = changePasswordSchema.shape({
  currentPassword: string().required(PASSWORD_CHANGE_MSG.currentRequired),
});
