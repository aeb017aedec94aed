/**
 * Asks before a changed form is left: a reload or closing the tab gets the browser's own question
 * (`beforeunload`), a move inside the app (a link, the sidebar, Back) gets a dialog (the app's history holds
 * the move, lib/navigation/leave-guard; under another router, as in unit tests, only the browser's question
 * applies).
 *
 * Usage: `<UnsavedChangesGuard when={form.dirty && !saving} />` anywhere in the form's screen. A form whose
 * good save moves on to another screen (while its values still differ from the ones it opened with) uses
 * `useUnsavedChanges(changed)`: its `release()` lets the next move through at once, before React renders again.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { addLeaveCheck, dropHeldMove, heldBy, letHeldMoveGo, watchHeldMove, type GuardOwner } from './navigation/leave-guard';

export const UNSAVED_MSG = {
  title: 'Leave this page?',
  text: 'Your changes are not saved. If you leave, they are lost.',
  leave: 'Leave',
} as const;

function InAppGuard({ when, released }: { when: boolean; released?: RefObject<boolean> }) {
  const [owner] = useState<GuardOwner>(() => ({}));
  // Only a move to another screen: a change of the query or hash alone keeps the form.
  useEffect(() => (when ? addLeaveCheck((from, to) => !released?.current && from !== to, owner) : undefined), [when, released, owner]);
  // A guard that leaves the screen (the session ended, another move went through) takes its question with it.
  useEffect(() => () => dropHeldMove(owner), [owner]);
  const held = useSyncExternalStore(watchHeldMove, heldBy) === owner;
  // Held while the form stopped being changed (saved meanwhile): let the move go on.
  useEffect(() => {
    if (held && !when) letHeldMoveGo();
  }, [held, when]);
  return (
    <ConfirmDialog open={held} title={UNSAVED_MSG.title} confirmLabel={UNSAVED_MSG.leave} destructive onCancel={() => dropHeldMove()} onConfirm={letHeldMoveGo}>
      {UNSAVED_MSG.text}
    </ConfirmDialog>
  );
}

export function UnsavedChangesGuard({ when, released }: { when: boolean; released?: RefObject<boolean> }) {
  useEffect(() => {
    if (!when) return undefined;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  return <InAppGuard when={when} released={released} />;
}

/**
 * The guard of a form whose save leaves the screen: `guard` goes into the screen, `release()` is called just
 * before the move after a good save. `changed`: the values differ from the ones the form opened with; `busy`:
 * a save is under way (no question meanwhile). After `release()` the guard stays quiet until the form is
 * changed again (its values back to the opened ones, then changed).
 */
export function useUnsavedChanges(changed: boolean, busy = false): { guard: ReactNode; release(): void } {
  const released = useRef(false);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  // Only the values say "changed again": the end of a save (busy turning false) does not, as it may come
  // between release() and the move.
  useEffect(() => {
    if (changed) released.current = false;
  }, [changed]);
  const when = changed && !busy;
  const guard = useMemo(() => <UnsavedChangesGuard when={when} released={released} />, [when]);
  return { guard, release };
}
