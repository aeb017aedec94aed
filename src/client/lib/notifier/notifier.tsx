import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectNotifications } from './notify-slice';

type ToastHostModule = typeof import('./toast-host');
let toastHost: Promise<ToastHostModule> | null = null;

/**
 * Loads the toast host (notistack) once. The sign-in route does without it (its budget; a sign-in that cannot
 * reach the server says so on the form), and the shell preloads it as soon as a session is live, so that the
 * message that the network is gone never waits for a download over that network.
 */
export function preloadToasts(): Promise<ToastHostModule> {
  if (!toastHost) {
    toastHost = import(/* webpackChunkName: "toasts" */ './toast-host');
    toastHost.catch(() => {
      toastHost = null; // a failed chunk load may be retried
    });
  }
  return toastHost;
}

const ToastHost = lazy(preloadToasts);

/** Shows the queued notifications (one instance, in the app providers). */
export function Notifier() {
  const pending = useSelector(selectNotifications).length > 0;
  // Once loaded, the host stays mounted (toasts on screen outlive the queue).
  const [active, setActive] = useState(pending);
  if (pending && !active) setActive(true);
  return active ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
