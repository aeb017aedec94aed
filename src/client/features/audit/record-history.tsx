/**
 * A record's history from any list: `<RecordHistoryButton entity="department" entityId={row.id} label="D001" />`
 * shows a history icon (for Top Role users only, who may read the audit trail) that opens a dialog with the
 * record's audit entries, oldest first, each with its field-level before/after.
 * `entity` is the audit entity of the record (for a master resource: its definition's `entity ?? table`).
 */
import { useEffect, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { injectSaga, type RootState } from '../../app/store';
import { selectUser } from '../../app/session-slice';
import { auditSaga } from './audit-saga';
import { auditHistoryRequested, historyKey, selectHistory } from './audit-slice';
import { AuditEntriesTable } from './audit-entries-table';

export interface RecordHistoryProps {
  entity: string;
  entityId: string | number;
  /** How the record is named to the user (default: its id). */
  label?: string;
}

export function RecordHistoryDialog({ entity, entityId, label, open, onClose }: RecordHistoryProps & { open: boolean; onClose(): void }) {
  const store = useStore();
  injectSaga(store, 'audit', auditSaga);
  const dispatch = useDispatch();
  const h = useSelector((s: RootState) => selectHistory(s, historyKey(entity, entityId)));
  useEffect(() => {
    if (open) dispatch(auditHistoryRequested({ entity, entityId }));
  }, [open, entity, entityId, dispatch]);
  const name = label ?? String(entityId);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="record-history-title">
      <DialogTitle id="record-history-title">History of {entity} {name}</DialogTitle>
      <DialogContent dividers>
        {(!h || h.loading) && <LinearProgress aria-label="Loading" />}
        {h && !h.loading && h.rows.length === 0 && (
          <Typography color="text.secondary">{h.failed ? 'The history could not be loaded.' : 'No history recorded for this record.'}</Typography>
        )}
        {h && h.rows.length > 0 && <AuditEntriesTable rows={h.rows} label={`History of ${entity} ${name}`} expandAll={h.rows.length <= 5} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export function RecordHistoryButton(props: RecordHistoryProps) {
  const user = useSelector(selectUser);
  const [open, setOpen] = useState(false);
  if (user?.toprole !== true) return null;
  const text = `History of ${props.entity} ${props.label ?? props.entityId}`;
  return (
    <>
      <Tooltip title={text}>
        <IconButton size="small" aria-label={text} onClick={() => setOpen(true)}>
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <RecordHistoryDialog {...props} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
