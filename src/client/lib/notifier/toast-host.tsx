import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { styled } from '@mui/material/styles';
import { notificationShown, selectNotifications, TOAST_DURATION_MS, type Notification, type NotifyState } from './notify-slice';

function ToastContent({ n }: { n: Notification }) {
  return (
    <span data-testid="toast">
      {n.title ? <strong style={{ marginRight: 6 }}>{n.title}</strong> : null}
      {/* pre-wrap: the spec's texts keep their exact spacing ('Please Enter  Genus  !'). */}
      <span style={{ whiteSpace: 'pre-wrap' }}>{n.message}</span>
      {/* Full white: a faded second line on the error red would fall below a readable contrast. */}
      {n.detail ? <span style={{ display: 'block', fontSize: '0.85em' }}>{n.detail}</span> : null}
    </span>
  );
}

const toastKey = (n: Notification) => JSON.stringify([n.variant, n.title ?? '', n.message, n.detail ?? '']);

/**
 * notistack's default success green (#43a047) and warning orange give white text too little contrast (WCAG AA,
 * 4.5:1): darker shades of the same colours.
 */
// Tripled class: notistack injects its own variant colour after the app's styles, which wins at equal specificity.
const readable = (background: string) => styled(MaterialDesignContent)({ '&&&': { backgroundColor: background, color: '#fff' } });
const TOAST_COMPONENTS = {
  success: readable('#2e7d32'),
  error: readable('#c62828'),
  warning: readable('#b45309'),
  info: readable('#1565c0'),
};

function QueueDrain() {
  const queue = useSelector(selectNotifications);
  const nextId = useSelector((s: { notify: NotifyState }) => s.notify.nextId);
  const dispatch = useDispatch();
  // By object, not id: ids restart when the store resets at sign-out. (StrictMode runs effects twice.)
  const shown = useRef(new WeakSet<Notification>());
  const lastNextId = useRef(nextId);
  // The toasts on screen by their text, until they start to close. The same text while one is shown is not stacked
  // again (a form tried twice, a message from two places); once that one is closing, a new one is shown. (notistack's
  // own preventDuplicate also dropped a toast whose twin was still fading out, which left a second save without any
  // confirmation.)
  const onScreen = useRef(new Set<string>());
  const serial = useRef(0);
  useEffect(() => {
    // The store was reset (sign-out, expiry): the previous user's toasts go with it.
    if (nextId < lastNextId.current) {
      closeSnackbar();
      onScreen.current.clear();
    }
    lastNextId.current = nextId;
    for (const n of queue) {
      if (shown.current.has(n)) continue;
      shown.current.add(n);
      dispatch(notificationShown(n.id));
      const text = toastKey(n);
      if (onScreen.current.has(text)) continue;
      onScreen.current.add(text);
      const forget = () => onScreen.current.delete(text);
      enqueueSnackbar(<ToastContent n={n} />, { variant: n.variant, autoHideDuration: TOAST_DURATION_MS, key: `${text}#${++serial.current}`, onClose: forget, onExited: forget });
    }
  }, [queue, nextId, dispatch]);
  return null;
}

/** notistack's provider (standalone: toasts are enqueued through its global API) and the queue drain. */
export default function ToastHost() {
  return (
    <>
      <SnackbarProvider maxSnack={4} autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} Components={TOAST_COMPONENTS} />
      <QueueDrain />
    </>
  );
}
