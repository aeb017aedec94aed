/**
 * Browser storage of the session (spec 000 sections 3 and 7): the keys Token and dbName are the spec's,
 * `accessToken` and `session` (the whole login answer) are ours. Every access tolerates a browser that
 * refuses storage (private mode, quota): the app then simply forgets on reload.
 */
import type { FirstLoginResponse, LoginResponse } from '../../shared/contract/session';
import { STORAGE_KEYS } from '../../shared/contract/session';

export type StoredSession = LoginResponse | FirstLoginResponse;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: keep going without it */
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Keeps a sign-in answer (full or first-login) and drops the previous user's page title. */
export function saveSession(answer: StoredSession): void {
  write(STORAGE_KEYS.token, answer.token);
  write(STORAGE_KEYS.dbName, answer.dbName);
  write(STORAGE_KEYS.accessToken, answer.accessToken);
  write(STORAGE_KEYS.session, JSON.stringify(answer));
  remove(STORAGE_KEYS.pageTitle);
}

/** The stored sign-in answer, or null when there is none or it is not one we wrote. */
export function readStoredSession(): StoredSession | null {
  const raw = read(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const s = parsed as Partial<StoredSession>;
    if (typeof s.token !== 'string' || typeof s.accessToken !== 'string' || typeof s.message !== 'string') return null;
    if (typeof s.id !== 'number' || typeof s.username !== 'string') return null;
    return parsed as StoredSession;
  } catch {
    return null;
  }
}

export const getToken = (): string | null => read(STORAGE_KEYS.token);
export const getAccessToken = (): string | null => read(STORAGE_KEYS.accessToken);
export const getDbName = (): string | null => read(STORAGE_KEYS.dbName);

/** Logout and session expiry: "Logout clears all browser storage" (spec 000 section 2). */
export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    /* ignore */
  }
  try {
    window.sessionStorage.clear();
  } catch {
    /* ignore */
  }
}

/** Sidebar open state; open unless the user closed it. */
export function readSidebarOpen(): boolean {
  return read(STORAGE_KEYS.sidebarOpen) !== 'false';
}

export function writeSidebarOpen(open: boolean): void {
  write(STORAGE_KEYS.sidebarOpen, String(open));
}

export const readPageTitle = (): string | null => read(STORAGE_KEYS.pageTitle);
export const writePageTitle = (title: string): void => write(STORAGE_KEYS.pageTitle, title);
