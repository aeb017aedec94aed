import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectNotifications } from './notify-slice';

// notistack loads with the first notification, so screens render without it.
const ToastHost = lazy(() => import(/* webpackChunkName: "toasts" */ './toast-host'));

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
