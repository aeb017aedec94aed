/** The search screen's toasts (spec 001 section 8): centre, close button, 2000 ms, no duplicates, at most 2. */
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { searchActions, selectSearch, type SearchToast } from './search-slice';

export const SEARCH_TOAST_MS = 2000;

function Toast({ t }: { t: SearchToast }) {
  const dispatch = useDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(searchActions.toastClosed(t.id)), SEARCH_TOAST_MS);
    return () => clearTimeout(timer);
  }, [dispatch, t.id]);
  return (
    <Alert severity={t.variant} variant="filled" onClose={() => dispatch(searchActions.toastClosed(t.id))} data-testid="search-toast" sx={{ minWidth: 320 }}>
      <AlertTitle>{t.title}</AlertTitle>
      {t.message}
    </Alert>
  );
}

export function SearchToasts() {
  const { toasts } = useSelector(selectSearch);
  return (
    <Box
      role="status" aria-live="polite" className="no-print"
      sx={{ position: 'fixed', top: '50%', left: '50%', transform: 'translate(-50%, -50%)', zIndex: 2000, display: 'grid', gap: 1 }}
    >
      {toasts.map((t) => <Toast key={t.id} t={t} />)}
    </Box>
  );
}
