/**
 * The dropdown of a MasterData parameter (spec 001 sections 5 and 9): an autocomplete over the active
 * common-master entries of the configured type (transaction/getMasterData), searching from 4 typed
 * characters, at most 8 results. People read and pick the entry's value ('Circular'); the form's value,
 * sent and stored, stays the entry's short name (CIRC), as the contract has it.
 */
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/common-master-endpoints';
import { useQuery } from '../../crud/use-request';

export const PARAMETER_AUTOCOMPLETE_MIN = 4;
export const AUTOCOMPLETE_MAX_RESULTS = 8;
const DEBOUNCE_MS = 250;

type Entry = Pick<MasterItem, 'shortname' | 'value'>;

const itemsOf = (data: unknown): MasterItem[] => (Array.isArray(data) ? (data as MasterItem[]) : []);

export interface MasterAutocompleteProps {
  id: string;
  label: string;
  /** The common master type's name (getMasterData `value`). */
  masterType: string;
  /** The chosen entry's short name ('' when none). */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

export function MasterAutocomplete({ id, label, masterType, value, onChange, onBlur, disabled, required, error, helperText }: MasterAutocompleteProps) {
  const [chosen, setChosen] = useState<Entry | null>(null);
  const [input, setInput] = useState('');
  const key = `master-autocomplete:${id}`;

  // A value from outside (recorded values, reset, reload) is shown by its entry's value once that is known: the
  // entry of a stored short name is read from getMasterData (which matches short names too), the code itself
  // when none is found or the lookup fails. The key names the value, so an answer for another value never counts.
  const known = value === '' ? null : chosen?.shortname === value ? chosen : null;
  const lookingUp = value !== '' && known === null;
  const entryQuery = useQuery<MasterItem[]>(lookingUp ? COMMON_MASTER_ENDPOINTS.getMasterData : null, { value: masterType, message: value }, { key: `${key}:entry:${value}` });
  const looked = entryQuery.entry?.status;
  if (lookingUp && (looked === 'succeeded' || looked === 'failed')) {
    const entry = itemsOf(entryQuery.data).find((i) => i.shortname === value) ?? { shortname: value, value };
    setChosen(entry);
    setInput(entry.value);
  }
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (value === '') setInput('');
  }

  const text = input.trim();
  const searching = text.length >= PARAMETER_AUTOCOMPLETE_MIN && text !== known?.value;
  // The text is looked up once typing pauses.
  const [settledText, setSettledText] = useState('');
  useEffect(() => {
    if (!searching) return undefined;
    const timer = setTimeout(() => setSettledText(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searching, text]);
  const asking = searching && settledText === text;
  const found = useQuery<MasterItem[]>(asking ? COMMON_MASTER_ENDPOINTS.getMasterData : null, { value: masterType, message: settledText }, { key: `${key}:${settledText}` });
  const answered = asking && found.entry?.status === 'succeeded';
  const options = answered ? itemsOf(found.data).slice(0, AUTOCOMPLETE_MAX_RESULTS) : [];
  const loading = searching && !answered && found.entry?.status !== 'failed';

  return (
    <Autocomplete<Entry>
      id={id}
      options={options}
      value={known}
      inputValue={input}
      loading={loading}
      disabled={disabled}
      filterOptions={(o) => o}
      getOptionLabel={(o) => o.value}
      getOptionKey={(o) => o.shortname}
      noOptionsText={text.length < PARAMETER_AUTOCOMPLETE_MIN ? `Type ${PARAMETER_AUTOCOMPLETE_MIN} characters to search` : 'No matches'}
      isOptionEqualToValue={(a, b) => a.shortname === b.shortname}
      onInputChange={(_e, typed, reason) => {
        setInput(typed);
        if (reason === 'clear' || (reason === 'input' && typed === '')) onChange('');
      }}
      onChange={(_e, entry) => {
        setChosen(entry);
        onChange(entry?.shortname ?? '');
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} size="small" />
      )}
    />
  );
}
