/**
 * What a record that results rest on tells its reader: who recorded it, whether a change is an amendment, who
 * may change it, and its amendments (who, when in UTC, why). Sample Inward and Microbe Identification show it the
 * same way; the detailed record and its PDF show the same facts (server/modules/search).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AmendmentInfo } from '../../shared/contract/amendments';
import { formatUtcDateTime } from '../../shared/format/date-time';

export interface RecordIntegrity {
  amendmentRequired?: boolean;
  canEdit?: boolean;
  createdBy?: string | null;
  amendments?: AmendmentInfo[];
}

/** The amendment dialog's texts: one place for every screen that asks. */
export const AMENDMENT_PROMPT = {
  title: 'Amend a record that results rest on',
  text: 'Submitted or approved results rest on this record, so this change is an amendment: it is kept with your name, the time and your reason, and the approved results are marked "Data amended after approval" for their reporting manager.',
  confirmLabel: 'Save amendment',
  reasonLabel: 'Reason for the amendment',
} as const;

export function RecordIntegrityNotice({ record, what }: { record: RecordIntegrity | null; what: string }) {
  if (!record) return null;
  const amendments = record.amendments ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      {record.canEdit === false && (
        <Alert severity="info" data-testid="not-owner-notice">
          {`This ${what} was recorded by ${record.createdBy ?? 'another user'}: only they or a Top Role user may change it.`}
        </Alert>
      )}
      {record.canEdit !== false && record.amendmentRequired && (
        <Alert severity="warning" data-testid="amendment-notice">
          {`Submitted or approved results rest on this ${what}: a change is saved as an amendment, with your reason.`}
        </Alert>
      )}
      {amendments.length > 0 && (
        <Box component="section" aria-label="Amended" data-testid="amendments">
          <Typography variant="subtitle2" component="h3">Amended</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {amendments.map((a) => (
              <li key={`${a.at}-${a.username}`}>
                <Typography variant="body2">{`${a.by} (${a.username}), ${formatUtcDateTime(a.at)}: ${a.reason}`}</Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
