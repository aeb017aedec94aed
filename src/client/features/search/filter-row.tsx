/**
 * One filter row per ticked parameter (spec 001 section 2): number (two numbers and a comparator), text,
 * dropdown (fixed choices or an autocomplete over the common master), date range; a delete icon.
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { SEARCH_COMPARATORS, type Comparator } from '../../../shared/contract/search-endpoints';
import { COMPARATOR_MEANING, describeNumberCondition, parseNumberCondition } from '../../../shared/search/search-filters';
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/common-master-endpoints';
import MasterAutocomplete from '../../crud/master-autocomplete';
import type { MasterLookup } from '../../crud/master-lookup';
import { MASTER_LOOKUP } from '../../../shared/resources/common-master';
import { conditionOf, takesTwoNumbers, type FilterRowState } from './search-model';
import { DateField } from '../../lib/date-field';

/** A comfortable minimum width on wider screens; on a phone-width screen the input takes the row instead of overflowing it. */
const NARROW_SAFE = (min: number) => ({ minWidth: { xs: 0, sm: min }, width: { xs: '100%', sm: 'auto' } });

/** The entries of master `type` containing the typed text (the search's own body also names the type as shortname). */
const filterLookup = (type: string) => (text: string): MasterLookup => ({
  endpoint: COMMON_MASTER_ENDPOINTS.getMasterData, body: { value: type, message: text, shortname: type },
});

export function FilterRowView({ row, onChange, onRemove }: { row: FilterRowState; onChange(patch: Partial<FilterRowState>): void; onRemove(): void }) {
  const label = row.parameterName;
  let inputs;
  let note = null;
  if (row.type === 'number') {
    // The comparator first, then one number (> or <) or two (between): the row reads as what it matches.
    const parsed = parseNumberCondition(conditionOf(row));
    const range = takesTwoNumbers(row);
    inputs = (
      <>
        <TextField
          select label="Comparator" size="small" value={row.comparator} sx={{ width: 190 }}
          onChange={(e) => onChange({ comparator: e.target.value as Comparator })}
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `${label} comparator` } }}
        >
          {SEARCH_COMPARATORS.map((c) => <option key={c} value={c}>{`${c} ${COMPARATOR_MEANING[c]}`}</option>)}
        </TextField>
        <TextField
          label={range ? `${label} from` : `${label} value`} size="small" type="number" value={row.num1}
          onChange={(e) => onChange({ num1: e.target.value })} sx={{ width: 150 }}
        />
        {range && (
          <>
            <Typography variant="body2">and</Typography>
            <TextField label={`${label} to`} size="small" type="number" value={row.num2} onChange={(e) => onChange({ num2: e.target.value })} sx={{ width: 150 }} />
          </>
        )}
      </>
    );
    note = (
      <Typography variant="body2" color="text.secondary" data-testid={`condition-${row.key}`}>
        {parsed ? `Matches ${label} ${describeNumberCondition(parsed)}` : range ? 'Enter both numbers.' : 'Enter a number.'}
      </Typography>
    );
  } else if (row.type === 'Date') {
    inputs = (
      <>
        <DateField label={`${label} from`} value={row.from} max={row.to || undefined} onChange={(from) => onChange({ from })} />
        <DateField label={`${label} to`} value={row.to} min={row.from || undefined} onChange={(to) => onChange({ to })} />
      </>
    );
  } else if (row.type === 'Dropdown' && row.options) {
    inputs = (
      <TextField
        select label={label} size="small" value={row.value} onChange={(e) => onChange({ value: e.target.value })} sx={NARROW_SAFE(220)}
        slotProps={{ select: { native: true } }}
      >
        <option value="" />
        {row.options.map((o) => <option key={o} value={o}>{o}</option>)}
      </TextField>
    );
  } else if (row.type === 'Dropdown' && row.commonmastertype) {
    inputs = (
      <MasterAutocomplete id={`filter-${row.key}`} label={label} freeSolo value={row.value} lookup={filterLookup(row.commonmastertype)}
        onChange={(_item, text) => onChange({ value: text })} hint={`Type ${MASTER_LOOKUP.minText} characters to search.`} sx={NARROW_SAFE(260)} />
    );
  } else {
    inputs = <TextField label={label} size="small" value={row.value} onChange={(e) => onChange({ value: e.target.value })} sx={NARROW_SAFE(260)} />;
  }
  return (
    <Box role="group" aria-label={`Filter ${label}`} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 0.75 }}>
      <Typography sx={{ width: { xs: '100%', sm: 200 }, fontWeight: 500 }}>{label}</Typography>
      {inputs}
      <IconButton aria-label={`Remove ${label}`} onClick={onRemove} size="small"><DeleteIcon /></IconButton>
      {note}
    </Box>
  );
}
