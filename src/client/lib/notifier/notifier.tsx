import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectNotifications } from './notify-slice';
// In the main bundle: the first message may be the one saying the network is gone, so it cannot wait for a download.
import ToastHost from './toast-host';

/** Shows the queued notifications (one instance, in the app providers). */
export function Notifier() {
  const pending = useSelector(selectNotifications).length > 0;
  // Once loaded, the host stays mounted (toasts on screen outlive the queue).
  const [active, setActive] = useState(pending);
  if (pending && !active) setActive(true);
  return active ? <ToastHost /> : null;
}
