import { PASSWORD_MSG, PASSWORD_RULES } from '../../../shared/contract/password-rules';

export const SESSION_CHECK_INTERVAL_MS = 60_000;
/** The server's rule and message (the strength check itself is the server's). */
export const PASSWORD_MIN_LENGTH = PASSWORD_RULES.minLength;
export const PASSWORD_TOO_SHORT = PASSWORD_MSG.tooShort;
export const TRANSPORT_ALERT = 'Unable to reach the server. Please check your connection and try again.';
export const MENU_FAILED = 'Your menu could not be loaded.';
export const HOME_PATH = '/BlankHomePage';
export const EMPTY_MENU_PATH = '/Blankpage';
export const LOGIN_PATH = '/login';
