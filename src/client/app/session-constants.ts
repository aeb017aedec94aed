export const SESSION_CHECK_INTERVAL_MS = 60_000;
/** Mirrors the server's rule and message. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters.';
export const TRANSPORT_ALERT = 'Unable to reach the server. Please check your connection and try again.';
export const MENU_FAILED = 'Your menu could not be loaded.';
export const HOME_PATH = '/BlankHomePage';
export const EMPTY_MENU_PATH = '/Blankpage';
export const LOGIN_PATH = '/login';
