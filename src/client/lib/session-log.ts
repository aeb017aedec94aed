/**
 * Redux DevTools for auditors: the sanitizers that keep passwords, tokens and the transport key out of
 * everything DevTools (or the session log) sees, and a bounded in-memory log of the session's actions that
 * Settings downloads as a file Redux DevTools imports and replays (README: "Replaying a session log").
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { getRuntimeConfig } from './runtime-config';

export const REDACTED = '[redacted]';
/** Keys whose values never leave memory: passwords (password, password1, newPassword...), tokens, the transport key. */
const SECRET_KEY = /password|token|cryptokey|transportkey|secret/i;

/** A copy of `value` with every secret replaced by REDACTED (by key, and any string equal to the transport key). */
export function redact<T>(value: T): T {
  const { cryptoKey } = getRuntimeConfig();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return v === cryptoKey ? REDACTED : v;
    if (v === null || typeof v !== 'object' || depth > 20) return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (Object.getPrototypeOf(v) !== Object.prototype) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEY.test(k) && x !== null && x !== '' ? REDACTED : walk(x, depth + 1);
    return out;
  };
  return walk(value, 0) as T;
}

export const actionSanitizer = <A>(action: A): A => redact(action);
export const stateSanitizer = <S>(state: S): S => redact(state);

/** How many actions the log keeps (the oldest go first). */
export const SESSION_LOG_LIMIT = 500;

export interface SessionLog {
  middleware: Middleware;
  /** The sanitized actions kept, oldest first. */
  actions(): UnknownAction[];
  /** The file Redux DevTools imports: the actions and the (sanitized) state before the first of them. */
  exportForDevTools(): string;
}

/** A bounded log of the actions of one store; every action is sanitized as it is recorded. */
export function createSessionLog(limit = SESSION_LOG_LIMIT): SessionLog {
  const entries: Array<{ action: UnknownAction; after: unknown }> = [];
  // The state before the oldest kept action (a reference: store states share their structure, so this is cheap).
  let base: unknown;
  let started = false;
  const middleware: Middleware = (api) => (next) => (action) => {
    if (!started) {
      base = api.getState();
      started = true;
    }
    const result = next(action);
    entries.push({ action: redact(action as UnknownAction), after: api.getState() });
    if (entries.length > limit) base = entries.shift()!.after;
    return result;
  };
  return {
    middleware,
    actions: () => entries.map((e) => e.action),
    exportForDevTools: () =>
      JSON.stringify({ payload: JSON.stringify(entries.map((e) => e.action)), preloadedState: JSON.stringify(redact(base)) }),
  };
}

/** Per store: its session log (Settings downloads it). */
const sessionLogs = new WeakMap<object, SessionLog>();

export function attachSessionLog(store: object, log: SessionLog): void {
  sessionLogs.set(store, log);
}

export function sessionLogOf(store: object): SessionLog | undefined {
  return sessionLogs.get(store);
}
