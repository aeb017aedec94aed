/**
 * The Activity Log (route /auditLog, the user dropdown's entry; issue 6 item 4): the audit trail filtered by
 * user, entity, action, dates (the browser's calendar) and text; rows expand to the field-level before/after;
 * 10 or 25 per page, the filter and page kept in the address (audit-view.ts); Export CSV (every match, with progress) and Print (the filtered table without the shell).
 * Top Role users only: the server refuses the others, the screen says so.
 */
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDispatch, useSelector, useStore } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { injectSaga } from '../../app/store';
import { PageLinks } from '../../crud/pagination';
import { COUNTING, formatTotal } from '../../crud/list-total';
import { AUDIT_PAGE_SIZES } from '../../../shared/contract/audit-endpoints';
import { selectUser } from '../../app/session-slice';
import { auditSaga } from './audit-saga';
import { auditExportRequested, auditOpened, auditViewed, selectAudit, type AuditFilterForm } from './audit-slice';
import { paramsOf, viewOf, type AuditView } from './audit-view';
import { AuditFilterBar, FILTER_LABELS } from './audit-filter-bar';
import { AuditEntriesTable, formatWhen } from './audit-entries-table';
import { AuditPrintStyles, PRINT_AREA_ID } from './audit-print';

export const ACTIVITY_LOG_TITLE = 'Activity Log';

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`);

function filterSummary(f: AuditFilterForm, users: Array<{ id: number; username: string }>): string {
  const parts = (Object.keys(FILTER_LABELS) as Array<keyof AuditFilterForm>)
    .filter((k) => f[k])
    .map((k) => `${FILTER_LABELS[k]}: ${k === 'user' ? (users.find((u) => String(u.id) === f.user)?.username ?? f.user) : f[k]}`);
  return parts.length ? parts.join('; ') : 'All entries';
}

export default function ActivityLogPage() {
  const store = useStore();
  injectSaga(store, 'audit', auditSaga);
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const s = useSelector(selectAudit);
  const allowed = user?.toprole === true;

  // The view is the address's (audit-view.ts): a reload, Back or a shared link shows the same filter and page.
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const view = useMemo(() => viewOf(new URLSearchParams(query)), [query]);
  useEffect(() => {
    if (allowed) dispatch(auditOpened());
  }, [allowed, dispatch]);
  useEffect(() => {
    if (allowed) dispatch(auditViewed(view));
  }, [allowed, dispatch, view]);
  /** Shows another view; the same one again (Search twice) reads it again. */
  const show = (next: AuditView) => {
    const nextQuery = paramsOf(next);
    if (nextQuery.toString() === query) dispatch(auditViewed(next));
    else setParams(nextQuery);
  };

  const pageCount = Math.max(1, Math.ceil(s.total / s.pageSize));
  // "200+" while a filtered view's exact total is being counted (crud/list-total.ts).
  const shownTotal = formatTotal({ totalItems: s.total, totalIsLowerBound: s.totalIsLowerBound });
  return (
    <Box sx={{ p: 2 }}>
      <AuditPrintStyles />
      <Paper variant="outlined" id={PRINT_AREA_ID} sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ flex: 1 }}>{ACTIVITY_LOG_TITLE}</Typography>
          {allowed && (
            <Box className="audit-no-print" sx={{ display: 'flex', gap: 1 }}>
              <Button variant="outlined" startIcon={<DownloadIcon />} disabled={s.exporting} onClick={() => dispatch(auditExportRequested())}>
                Export CSV
              </Button>
              <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>Print</Button>
            </Box>
          )}
        </Box>
        {!allowed && (
          <Typography color="text.secondary">Only users with the Top Role (administrators and auditors) may read the Activity Log.</Typography>
        )}
        {allowed && (
          <>
            <Box className="audit-print-only" sx={{ mb: 1 }}>
              <Typography variant="body2">{filterSummary(s.filter, s.options.users)} · {shownTotal} entries</Typography>
              <Typography variant="caption">Printed {formatWhen(new Date().toISOString())} by {user?.username}</Typography>
            </Box>
            {s.exporting && (
              <Box role="status" aria-label="Export progress" className="audit-no-print" sx={{ mb: 1 }}>
                <LinearProgress />
                <Typography variant="caption">Exporting… {kb(s.exportedBytes)} received</Typography>
              </Box>
            )}
            <AuditFilterBar value={s.filter} options={s.options} disabled={s.loading} onApply={(filter) => show({ filter, page: 1, pageSize: view.pageSize })} />
            <Box sx={{ height: 4 }} className="audit-no-print">{s.loading && <LinearProgress aria-label="Loading" />}</Box>
            <AuditEntriesTable rows={s.rows} label="Activity Log entries" recordHistory />
            {!s.loading && s.rows.length === 0 && <Typography sx={{ py: 2 }} color="text.secondary">No entries match these filters.</Typography>}
            <Box className="audit-no-print" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
              <Typography variant="body2" aria-live="polite" sx={{ flex: 1 }}>
                {shownTotal} {s.total === 1 && !s.totalIsLowerBound ? 'entry' : 'entries'}{s.counting ? COUNTING : ''}{s.total > 0 ? ` · page ${s.page.toLocaleString('en')} of ${pageCount.toLocaleString('en')}${s.totalIsLowerBound ? '+' : ''}` : ''}
              </Typography>
              <TextField select size="small" id="audit-page-size" label="Rows per page" value={String(s.pageSize)}
                onChange={(e) => show({ ...view, page: 1, pageSize: Number(e.target.value) as 10 | 25 })}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} sx={{ width: 130 }}>
                {AUDIT_PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
              </TextField>
              <PageLinks page={s.page} pageCount={pageCount} onPage={(page) => show({ ...view, page })} disabled={s.loading} />
            </Box>
          </>
        )}
      </Paper>
    </Box>
  );
}
