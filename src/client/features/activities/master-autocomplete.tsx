/**
 * The dropdown of a MasterData parameter (spec 001 sections 5 and 9): an autocomplete over the active
 * common-master entries of the configured type (transaction/getMasterData), searching from 4 typed
 * characters, at most 8 results. The chosen entry's short name is the value.
 */
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import { activitiesApi } from './activities-api';

export const PARAMETER_AUTOCOMPLETE_MIN = 4;
export const AUTOCOMPLETE_MAX_RESULTS = 8;
const DEBOUNCE_MS = 250;

export interface MasterAutocompleteProps {
  id: string;
  label: string;
  /** The common master type's name (getMasterData `value`). */
  masterType: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

export function MasterAutocomplete({ id, label, masterType, value, onChange, onBlur, disabled, required, error, helperText }: MasterAutocompleteProps) {
  const [input, setInput] = useState(value);
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  // A new value from outside (reset, reload) replaces the typed text.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setInput(value);
  }
  const text = input.trim();
  const searching = text.length >= PARAMETER_AUTOCOMPLETE_MIN && text !== value;

  useEffect(() => {
    if (!searching) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      activitiesApi
        .masterData(masterType, text)
        .then((items) => {
          if (live) setOptions((Array.isArray(items) ? items : []).slice(0, AUTOCOMPLETE_MAX_RESULTS).map((i: MasterItem) => i.shortname));
        })
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [searching, text, masterType]);

  return (
    <Autocomplete
      id={id}
      options={searching ? options : []}
      value={value === '' ? null : value}
      inputValue={input}
      loading={loading}
      disabled={disabled}
      filterOptions={(o) => o}
      noOptionsText={text.length < PARAMETER_AUTOCOMPLETE_MIN ? `Type ${PARAMETER_AUTOCOMPLETE_MIN} characters to search` : 'No matches'}
      isOptionEqualToValue={(a, b) => a === b}
      onInputChange={(_e, text, reason) => {
        setInput(text);
        if (reason === 'clear' || (reason === 'input' && text === '')) onChange('');
      }}
      onChange={(_e, chosen) => onChange(chosen ?? '')}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} size="small" />
      )}
    />
  );
}
