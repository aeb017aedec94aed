import Chip from '@mui/material/Chip';
import { AMENDMENT_MSG } from '../../../shared/contract/amendments';

/** The mark of an approval whose data was amended since: its reporting manager decides again. */
export function AmendedChip() {
  return <Chip size="small" color="warning" variant="outlined" label={AMENDMENT_MSG.amendedAfterApproval} data-testid="amended-chip" sx={{ ml: 1 }} />;
}
