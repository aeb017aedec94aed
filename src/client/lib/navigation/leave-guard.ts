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

/** Who registered a check: the guard whose dialog shows when its check holds a move. */
export type GuardOwner = object;

const checks = new Map<LeaveCheck, GuardOwner>();
let held: { owner: GuardOwner; move: () => void } | null = null;
const watchers = new Set<() => void>();
const setHeld = (next: typeof held) => {
  if (held === next) return;
  held = next;
  watchers.forEach((w) => w());
};

/** Registers a check while a changed form is on screen; returns its removal. */
export function addLeaveCheck(check: LeaveCheck, owner: GuardOwner): () => void {
  checks.set(check, owner);
  return () => {
    checks.delete(check);
  };
}

/** The guard whose check holds a move (its dialog asks), and a way to be told when that changes (useSyncExternalStore). */
export const heldBy = (): GuardOwner | null => held?.owner ?? null;
export function watchHeldMove(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}

/** The user chose to leave (or the form was saved meanwhile): the held move happens. */
export function letHeldMoveGo(): void {
  const move = held?.move;
  setHeld(null);
  move?.();
}

/** The user chose to stay; or the guard left the screen (`owner`: only a move it holds). */
export function dropHeldMove(owner?: GuardOwner): void {
  if (!owner || held?.owner === owner) setHeld(null);
}

/** The guard whose check says the move must be held, if any. */
function holderOf(from: string, to: string): GuardOwner | null {
  for (const [check, owner] of checks) if (check(from, to)) return owner;
  return null;
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
    const owner = holderOf(shown.pathname, pathOf(to));
    if (owner) {
      setHeld({ owner, move: () => move(to, state) });
      return;
    }
    // A move that goes through makes any question still open about an earlier one moot.
    setHeld(null);
    move(to, state);
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
          const owner = replay || update.delta === null || update.delta === 0 ? null : holderOf(shown.pathname, update.location.pathname);
          replay = false;
          if (owner) {
            const { delta } = update;
            putBack = true;
            base.go(-delta!);
            setHeld({
              owner,
              move: () => {
                replay = true;
                base.go(delta!);
              },
            });
            return;
          }
          setHeld(null);
        }
        shown = update.location;
        listener(update);
      });
    },
  };
}
