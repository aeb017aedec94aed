import type { EndpointSpec } from './endpoints';

/**
 * Sessions a user can see and end, and what an administrator does for a user without weakening anything
 * (21 CFR Part 11 §11.300; OWASP ASVS 4.0.3 chapters 2 and 3). Not in the legacy contract: the names follow its
 * style (group/verb). Every change writes an audit row.
 */
export const SESSION_ENDPOINTS = {
  sessions: {
    group: 'auth', name: 'sessions', auth: 'session',
    summary: "The caller's live sessions, newest activity first: [{sessionId, browser, ip, signedInAt, lastSeenAt, current}] (times UTC).",
  },
  endSession: {
    group: 'auth', name: 'endSession', auth: 'session',
    summary: "End one of the caller's own sessions ({sessionId}); ending the current one signs this browser out. Answer {status:'OK', message}.",
  },
} as const satisfies Record<string, EndpointSpec>;

/** On the employee list; only a Top Role user (the lab's administrators) may use them. */
export const ACCOUNT_ADMIN_ENDPOINTS = {
  resetUserPassword: {
    group: 'master', name: 'resetUserPassword', auth: 'session', permission: 'toprole',
    summary: "Give a user ({resourceID}) a one-time password, shown this once: it must be changed at the next sign-in; the user's sessions end and their sign-in delays are cleared. Answer {status:'Success', message, password}.",
  },
  unlockUser: {
    group: 'master', name: 'unlockUser', auth: 'session', permission: 'toprole',
    summary: "Clear the sign-in delays of a user ({resourceID}) from every address. Answer {status:'Success', message}.",
  },
  endUserSessions: {
    group: 'master', name: 'endUserSessions', auth: 'session', permission: 'toprole',
    summary: "End every live session of a user ({resourceID}). Answer {status:'Success', message}.",
  },
} as const satisfies Record<string, EndpointSpec>;

export interface SessionInfo {
  sessionId: string;
  /** Browser and system read from the user agent, e.g. "Chrome 131 on Windows". */
  browser: string;
  ip: string | null;
  /** UTC, ISO 8601. */
  signedInAt: string;
  lastSeenAt: string;
  /** The session of this request. */
  current: boolean;
}

export interface PasswordResetAnswer {
  status: 'Success';
  message: string;
  /** The one-time password: shown once, never stored in plain text. */
  password: string;
}

export const ACCOUNT_MSG = {
  sessionNotFound: 'That session is not one of your live sessions.',
  sessionEnded: 'The session was ended.',
  resetDone: (name: string) => `A one-time password was made for ${name}. Their sessions were ended; they must choose a new password at the next sign-in.`,
  unlocked: (name: string) => `The sign-in delays of ${name} were cleared.`,
  sessionsEnded: (name: string, n: number) => `${n} live session${n === 1 ? '' : 's'} of ${name} ended.`,
  userNotFound: 'The user was not found.',
  notYourself: 'Use Settings to change your own password or end your own sessions.',
} as const;
