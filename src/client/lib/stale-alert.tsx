import { useEffect, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { screenReloaded, selectStale, staleDismissed } from './http-failures';

/** How many screen offers are on the page: the app's fallback offer shows only when none is. */
let mounted = 0;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const changeMounted = (by: number) => {
  mounted += by;
  for (const fn of listeners) fn();
};

function ReloadAlert({ message, onReload, sx }: { message: string; onReload: () => void; sx?: SxProps<Theme> }) {
  return (
    <Alert
      severity="warning"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          Reload
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * The answer to a stale save (409: someone else changed the record meanwhile): the server's sentence and a
 * Reload button that loads the current copy. The data layer records every 409 (lib/http-failures); a screen
 * places this where its form is and says how it reloads. The form keeps the user's edits until they reload.
 * `message` overrides the recorded sentence; nothing shows while neither is set.
 */
export function StaleAlert({ message, onReload, sx }: { message?: string | null; onReload: () => void; sx?: SxProps<Theme> }) {
  const dispatch = useDispatch();
  const recorded = useSelector(selectStale);
  useEffect(() => {
    changeMounted(1);
    return () => changeMounted(-1);
  }, []);
  const text = message || recorded;
  if (!text) return null;
  return (
    <ReloadAlert
      message={text}
      sx={sx}
      onReload={() => {
        dispatch(staleDismissed());
        onReload();
      }}
    />
  );
}

/**
 * The offer for screens without their own <StaleAlert/>: shown at the top of the page; Reload mounts the open
 * screen afresh (app/App.tsx keys it by the reload count), which reads everything again.
 */
export function StaleFallback() {
  const dispatch = useDispatch();
  const recorded = useSelector(selectStale);
  const screenOffers = useSyncExternalStore(subscribe, () => mounted, () => 0);
  if (!recorded || screenOffers > 0) return null;
  return (
    <ReloadAlert
      message={recorded}
      sx={{ position: 'fixed', top: 72, left: '50%', transform: 'translateX(-50%)', zIndex: 1400, maxWidth: 720, boxShadow: 3 }}
      onReload={() => dispatch(screenReloaded())}
    />
  );
}
