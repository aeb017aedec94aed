/**
 * Audit entries as a table (when, who, action, entity, record id, reason / remark) whose rows expand to
 * show the field-level changes. Used by the Activity Log and by the record history dialog.
 */
import { Fragment, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import type { AuditEntryRow } from '../../../shared/contract/audit-endpoints';
import { MONTHS } from '../../../shared/format/date-time';
import { AuditChanges } from './audit-changes';
import { RecordHistoryButton } from './record-history';

const two = (n: number) => String(n).padStart(2, '0');

/** dd-MMM-yyyy HH:mm:ss in the browser's (the lab's) time zone, as the shell writes dates. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return `${two(d.getDate())}-${MONTHS[d.getMonth()]}-${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A dotted or underscored name ('department.deactivate', 'workflow_role') that may wrap after its dots and underscores. */
function breakable(name: string): ReactNode {
  const parts = name.split(/(?<=[._])/);
  return parts.map((p, i) => <Fragment key={i}>{p}{i < parts.length - 1 ? <wbr /> : null}</Fragment>);
}

export const ENTRY_COLUMNS = ['When', 'Who', 'Action', 'Entity', 'Record ID', 'Reason / Remark'] as const;

/** Each column's share of the table's width (the expander has 48 px). */
const COLUMN_WIDTHS: Record<(typeof ENTRY_COLUMNS)[number], string> = {
  When: '17%', Who: '10%', Action: '21%', Entity: '15%', 'Record ID': '17%', 'Reason / Remark': '20%',
};

export interface AuditEntriesTableProps {
  rows: AuditEntryRow[];
  label: string;
  /** Expand every row (e.g. a short history). */
  expandAll?: boolean;
  /** A history icon beside each record id (not inside the history dialog itself). */
  recordHistory?: boolean;
}

export function AuditEntriesTable({ rows, label, expandAll = false, recordHistory = false }: AuditEntriesTableProps) {
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const toggle = (id: number) => setOpen((o) => ({ ...o, [id]: !(o[id] ?? expandAll) }));
  return (
    // The columns share the card's width (fixed layout) and long values wrap inside them (session UUIDs, dotted
    // action names), so the log fits the window from 1024 px without scrolling sideways; a phone may still scroll.
    <Box sx={{ overflowX: 'auto' }}>
    <Table size="small" aria-label={label} sx={{ tableLayout: { md: 'fixed' }, minWidth: { xs: 640, md: 0 }, '& td, & th': { verticalAlign: 'top', overflowWrap: 'break-word', px: { md: 1 } } }}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" className="audit-no-print" sx={{ width: 48, position: 'relative' }}><Box component="span" sx={visuallyHidden}>Changes</Box></TableCell>
          {ENTRY_COLUMNS.map((c) => <TableCell key={c} sx={{ width: COLUMN_WIDTHS[c] }}>{c}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => {
          const expanded = open[r.id] ?? expandAll;
          const title = `${r.action} ${r.entity} ${r.entityId ?? ''}`.trim();
          return (
            <Fragment key={r.id}>
              <TableRow hover data-testid={`audit-row-${r.id}`} sx={{ '& > td': { borderBottom: expanded ? 'unset' : undefined } }}>
                <TableCell padding="checkbox" className="audit-no-print">
                  <IconButton size="small" aria-expanded={expanded} aria-label={`${expanded ? 'Hide' : 'Show'} changes of ${title}`} onClick={() => toggle(r.id)}>
                    {expanded ? <KeyboardArrowDownIcon fontSize="small" /> : <KeyboardArrowRightIcon fontSize="small" />}
                  </IconButton>
                </TableCell>
                <TableCell title={r.at}>{formatWhen(r.at)}</TableCell>
                <TableCell>{r.username ?? 'system'}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{breakable(r.action)}</TableCell>
                <TableCell>{breakable(r.entity)}</TableCell>
                <TableCell>
                  {r.entityId ?? ''}
                  {recordHistory && r.entityId !== null && (
                    <Box component="span" className="audit-no-print" sx={{ ml: 0.5 }}><RecordHistoryButton entity={r.entity} entityId={r.entityId} /></Box>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{r.reason ?? ''}</TableCell>
              </TableRow>
              <TableRow className={expanded ? undefined : 'audit-collapsed'}>
                <TableCell colSpan={7} sx={{ py: 0, borderBottom: expanded ? undefined : 'unset' }}>
                  <Collapse in={expanded} timeout={0} unmountOnExit>
                    <Box sx={{ py: 1, pl: { xs: 0, sm: 6 } }}>
                      <AuditChanges changes={r.changes} label={`Changes of ${title}`} />
                    </Box>
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
    </Box>
  );
}

const visuallyHidden = {
  border: 0, clip: 'rect(0 0 0 0)', height: 1, margin: -1, overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: 1,
} as const;
