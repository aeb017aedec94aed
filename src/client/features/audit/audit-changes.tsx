/** The field-level before/after of one audit entry; an activity's parameter values by parameter name. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isParameterField, type AuditChange } from '../../../shared/audit/diff';

const none = <Typography component="span" variant="body2" color="text.disabled">(none)</Typography>;

export function AuditChanges({ changes, label }: { changes: AuditChange[]; label: string }) {
  if (changes.length === 0) return <Typography variant="body2" color="text.secondary">No field changes recorded.</Typography>;
  return (
    <Table size="small" aria-label={label} sx={{ '& td, & th': { verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '24%' }}>Field</TableCell>
          <TableCell sx={{ width: '38%' }}>Before</TableCell>
          <TableCell sx={{ width: '38%' }}>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((c) => (
          <TableRow key={c.field}>
            <TableCell component="th" scope="row" sx={{ fontFamily: isParameterField(c.field) ? undefined : 'monospace' }}>{c.field}</TableCell>
            <TableCell sx={{ bgcolor: c.before === null ? undefined : 'rgba(211, 47, 47, 0.06)' }}>{c.before ?? none}</TableCell>
            <TableCell sx={{ bgcolor: c.after === null ? undefined : 'rgba(46, 125, 50, 0.08)' }}>{c.after ?? none}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
