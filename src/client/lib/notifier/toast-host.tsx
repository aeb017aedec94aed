import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { notificationShown, selectNotifications, TOAST_DURATION_MS, type Notification, type NotifyState } from './notify-slice';

function ToastContent({ n }: { n: Notification }) {
  return (
    <span data-testid="toast">
      {n.title ? <strong style={{ marginRight: 6 }}>{n.title}</strong> : null}
      {/* pre-wrap: the spec's texts keep their exact spacing ('Please Enter  Genus  !'). */}
      <span style={{ whiteSpace: 'pre-wrap' }}>{n.message}</span>
      {n.detail ? <span style={{ display: 'block', fontSize: '0.85em', opacity: 0.9 }}>{n.detail}</span> : null}
    </span>
  );
}

function QueueDrain() {
  const queue = useSelector(selectNotifications);
  const nextId = useSelector((s: { notify: NotifyState }) => s.notify.nextId);
  const dispatch = useDispatch();
  // By object, not id: ids restart when the store resets at sign-out. (StrictMode runs effects twice.)
  const shown = useRef(new WeakSet<Notification>());
  const lastNextId = useRef(nextId);
  useEffect(() => {
    // The store was reset (sign-out, expiry): the previous user's toasts go with it.
    if (nextId < lastNextId.current) closeSnackbar();
    lastNextId.current = nextId;
    for (const n of queue) {
      if (shown.current.has(n)) continue;
      shown.current.add(n);
      enqueueSnackbar(<ToastContent n={n} />, { variant: n.variant, autoHideDuration: TOAST_DURATION_MS });
      dispatch(notificationShown(n.id));
    }
  }, [queue, nextId, dispatch]);
  return null;
}

/** notistack's provider (standalone: toasts are enqueued through its global API) and the queue drain. */
export default function ToastHost() {
  return (
    <>
      <SnackbarProvider maxSnack={4} autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />
      <QueueDrain />
    </>
  );
}
