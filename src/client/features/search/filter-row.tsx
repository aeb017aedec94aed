/**
 * One filter row per ticked parameter (spec 001 section 2): number (two numbers and a comparator), text,
 * dropdown (fixed choices or an autocomplete over the common master), date range; a delete icon.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { SEARCH_COMPARATORS, type Comparator } from '../../../shared/contract/search-endpoints';
import { COMPARATOR_MEANING, describeNumberCondition, parseNumberCondition } from '../../../shared/search/search-filters';
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/common-master-endpoints';
import { useQuery } from '../../crud/use-request';
import { conditionOf, takesTwoNumbers, type FilterRowState } from './search-model';
import { DateField } from '../../lib/date-field';

const MIN_TEXT = 3;
const MAX_RESULTS = 8;

/** A comfortable minimum width on wider screens; on a phone-width screen the input takes the row instead of overflowing it. */
const NARROW_SAFE = (min: number) => ({ minWidth: { xs: 0, sm: min }, width: { xs: '100%', sm: 'auto' } });

function MasterAutocomplete({ label, type, value, onChange }: { label: string; type: string; value: string; onChange(v: string): void }) {
  const [input, setInput] = useState(value);
  const typed = input.trim();
  const searching = typed.length >= MIN_TEXT;
  const found = useQuery<Array<{ id: number; shortname: string; value?: string }>>(searching ? COMMON_MASTER_ENDPOINTS.getMasterData : null,
    { value: type, message: typed, shortname: type }, { key: `search-master:${label}` });
  // Only the answer to the text typed now is listed (not the previous text's while the next one loads).
  const options = searching && found.entry?.status === 'succeeded' && Array.isArray(found.data)
    ? found.data.slice(0, MAX_RESULTS).map((i) => i.value ?? i.shortname) : [];
  return (
    <Autocomplete
      freeSolo
      options={options}
      value={value || null}
      inputValue={input}
      filterOptions={(x) => x}
      onInputChange={(_e, v) => {
        setInput(v);
        onChange(v);
      }}
      onChange={(_e, v) => onChange(typeof v === 'string' ? v : '')}
      sx={NARROW_SAFE(260)}
      renderInput={(params) => <TextField {...params} label={label} size="small" helperText={`Type ${MIN_TEXT} characters to search.`} />}
    />
  );
}

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
    inputs = <MasterAutocomplete label={label} type={row.commonmastertype} value={row.value} onChange={(v) => onChange({ value: v })} />;
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
