/**
 * The app's hash history, able to hold a move to another screen until the user answers (lib/unsaved-changes
 * asks "Leave this page?"). A link, the sidebar or a navigate() call is held before it happens; Back and
 * Forward have already moved the address when the browser tells us, so they are put back and replayed if the
 * user leaves (an entry the app did not make, such as a typed address, carries no index and passes).
 *
 * Why not React Router's useBlocker: it works only under the data router, which adds 13 KB gz to the bundle
 * every page loads, sign-in included; the app uses none of its loaders. This is the part of it the app uses.
 */
import { UNSAFE_createHashHistory as createHashHistory } from 'react-router-dom';

export type AppHistory = ReturnType<typeof createHashHistory>;
type Update = Parameters<Parameters<AppHistory['listen']>[0]>[0];
type To = Parameters<AppHistory['push']>[0];

/** Says whether a move from one screen (pathname) to another must be held. */
export type LeaveCheck = (from: string, to: string) => boolean;

const checks = new Set<LeaveCheck>();
let held: (() => void) | null = null;
const watchers = new Set<() => void>();
const changed = () => watchers.forEach((w) => w());

/** Registers a check while a changed form is on screen; returns its removal. */
export function addLeaveCheck(check: LeaveCheck): () => void {
  checks.add(check);
  return () => {
    checks.delete(check);
  };
}

/** Whether a move is held, and a way to be told when that changes (useSyncExternalStore). */
export const isMoveHeld = () => held !== null;
export function watchHeldMove(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}

/** The user chose to leave: the held move happens. */
export function letHeldMoveGo(): void {
  const move = held;
  held = null;
  changed();
  move?.();
}

/** The user chose to stay. */
export function dropHeldMove(): void {
  held = null;
  changed();
}

const mustHold = (from: string, to: string) => [...checks].some((check) => check(from, to));

function hold(move: () => void): void {
  held = move;
  changed();
}

/** The hash history of the app's router (unstable_HistoryRouter), with the leave guard in front of it. */
export function createGuardedHashHistory(options: { window?: Window } = {}): AppHistory {
  const base = createHashHistory({ window: options.window, v5Compat: true });
  /** The location the router shows (Back/Forward has already changed base.location when we are told). */
  let shown = base.location;
  /** The next Back/Forward event is ours: putting a held one back (swallowed) or replaying it (passed). */
  let putBack = false;
  let replay = false;

  const pathOf = (to: To) => base.encodeLocation(to).pathname;
  const guarded = (move: (to: To, state?: unknown) => void) => (to: To, state?: unknown) => {
    if (mustHold(shown.pathname, pathOf(to))) hold(() => move(to, state));
    else move(to, state);
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: guarded((to, state) => base.push(to, state)),
    replace: guarded((to, state) => base.replace(to, state)),
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update: Update) => {
        if (update.action === 'POP') {
          if (putBack) {
            putBack = false;
            return;
          }
          if (replay) replay = false;
          else if (update.delta !== null && update.delta !== 0 && mustHold(shown.pathname, update.location.pathname)) {
            const { delta } = update;
            putBack = true;
            base.go(-delta);
            hold(() => {
              replay = true;
              base.go(delta);
            });
            return;
          }
        }
        shown = update.location;
        listener(update);
      });
    },
  };
}
