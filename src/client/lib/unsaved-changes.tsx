/**
 * Asks before a changed form is left: a reload or closing the tab gets the browser's own question
 * (`beforeunload`), a move inside the app (a link, the sidebar, Back) gets a dialog (React Router's
 * `useBlocker`, which needs the app's data router; under a plain router, as in unit tests, only the
 * browser's question applies).
 *
 * Usage: `<UnsavedChangesGuard when={form.dirty && !saving} />` anywhere in the form's screen.
 */
import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';

export const UNSAVED_MSG = {
  title: 'Leave this page?',
  text: 'Your changes are not saved. If you leave, they are lost.',
  leave: 'Leave',
} as const;

function InAppGuard({ when }: { when: boolean }) {
  // Only a move to another screen: a change of the query or hash alone keeps the form.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  // Blocked while the form stopped being changed (saved meanwhile): let the move go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);
  return (
    <ConfirmDialog open={blocker.state === 'blocked'} title={UNSAVED_MSG.title} confirmLabel={UNSAVED_MSG.leave} destructive
      onCancel={() => blocker.reset?.()} onConfirm={() => blocker.proceed?.()}>
      {UNSAVED_MSG.text}
    </ConfirmDialog>
  );
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
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
  const dataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  return dataRouter ? <InAppGuard when={when} /> : null;
}
