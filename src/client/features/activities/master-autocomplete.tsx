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
import { useRequest, type Requester } from '../../crud/use-request';

export const PARAMETER_AUTOCOMPLETE_MIN = 4;
export const AUTOCOMPLETE_MAX_RESULTS = 8;
const DEBOUNCE_MS = 250;

type Entry = Pick<MasterItem, 'shortname' | 'value'>;

/** The entry of a stored short name, read from getMasterData (which matches short names too); the code itself when none is found. */
const masterItems = (request: Requester, masterType: string, text: string, key: string) =>
  request<MasterItem[]>(COMMON_MASTER_ENDPOINTS.getMasterData, { value: masterType, message: text }, { key });

async function entryOf(request: Requester, masterType: string, shortname: string, key: string): Promise<Entry> {
  const items = await masterItems(request, masterType, shortname, `${key}:entry`).catch(() => []);
  const found = (Array.isArray(items) ? items : []).find((i) => i.shortname === shortname);
  return found ?? { shortname, value: shortname };
}

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
  const [options, setOptions] = useState<Entry[]>([]);
  const [loading, setLoading] = useState(false);
  const request = useRequest();
  const key = `master-autocomplete:${id}`;

  // A value from outside (recorded values, reset, reload) is shown by its entry's value once that is known.
  const known = value === '' ? null : chosen?.shortname === value ? chosen : null;
  useEffect(() => {
    if (value === '' || chosen?.shortname === value) return undefined;
    let live = true;
    void entryOf(request, masterType, value, key).then((entry) => {
      if (!live) return;
      setChosen(entry);
      setInput(entry.value);
    });
    return () => {
      live = false;
    };
  }, [value, chosen, masterType, request, key]);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (value === '') setInput('');
  }

  const text = input.trim();
  const searching = text.length >= PARAMETER_AUTOCOMPLETE_MIN && text !== known?.value;

  useEffect(() => {
    if (!searching) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      masterItems(request, masterType, text, key)
        .then((items) => {
          if (live) setOptions((Array.isArray(items) ? items : []).slice(0, AUTOCOMPLETE_MAX_RESULTS));
        })
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [searching, text, masterType, request, key]);

  return (
    <Autocomplete<Entry>
      id={id}
      options={searching ? options : []}
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
