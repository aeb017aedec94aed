/**
 * An autocomplete fed by a master lookup (spec 001 sections 5, 9): it asks the server once the typed text
 * has `minChars` characters (3 for states, district and soil type), and shows at most 8 results. The
 * chosen item's value (its name) is what the form keeps; `freeSolo` also accepts typed text.
 */
import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import { MASTER_LOOKUP } from '../../../shared/resources/common-master';

export interface MasterAutocompleteProps {
  id: string;
  label: string;
  value: string;
  /** Called with the chosen item, or with typed text (freeSolo), or null when cleared. */
  onChange(item: MasterItem | null, text: string): void;
  onBlur?(): void;
  fetch(text: string): Promise<MasterItem[]>;
  minChars?: number;
  freeSolo?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  hint?: string;
}

export default function MasterAutocomplete({
  id, label, value, onChange, onBlur, fetch, minChars = MASTER_LOOKUP.minText, freeSolo = false, disabled, required, error, hint,
}: MasterAutocompleteProps) {
  const [input, setInput] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const [options, setOptions] = useState<MasterItem[]>([]);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new value from the form (chosen, cleared, loaded) replaces the typed text.
  if (value !== shownValue) {
    setShownValue(value);
    setInput(value);
  }

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  /** Asks the server (after a short pause) once the text is long enough; stale answers are dropped. */
  const search = (typed: string) => {
    const text = typed.trim();
    const ticket = ++asked.current;
    if (timer.current) clearTimeout(timer.current);
    if (text.length < minChars || text === value) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(() => {
      fetch(text)
        .then((items) => {
          if (ticket === asked.current) setOptions(items.slice(0, MASTER_LOOKUP.maxResults));
        })
        .catch(() => {
          if (ticket === asked.current) setOptions([]);
        })
        .finally(() => {
          if (ticket === asked.current) setLoading(false);
        });
    }, 250);
  };

  return (
    // Always freeSolo for MUI (the value need not be among the current search results); without `freeSolo`
    // typed text is never taken: only a chosen item changes the value.
    <Autocomplete<MasterItem, false, false, true>
      id={id}
      freeSolo
      disabled={disabled}
      options={options}
      loading={loading}
      filterOptions={(o) => o}
      value={value ? ({ id: 0, shortname: value, value } as MasterItem) : null}
      inputValue={input}
      isOptionEqualToValue={(a, b) => a.value === (typeof b === 'string' ? b : b.value)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.value)}
      getOptionKey={(o) => (typeof o === 'string' ? o : `${o.id}-${o.value}`)}
      noOptionsText={input.trim().length < minChars ? `Type at least ${minChars} characters` : 'No matches'}
      onInputChange={(_e, text, reason) => {
        setInput(text);
        if (reason === 'input') search(text);
        if (freeSolo && reason === 'input') onChange(null, text);
        if (!freeSolo && reason === 'clear') onChange(null, '');
      }}
      onChange={(_e, item) => {
        if (item === null) onChange(null, '');
        else if (typeof item === 'string') {
          if (freeSolo) onChange(null, item);
        }
        else onChange(item, item.value);
      }}
      onBlur={() => {
        // A typed text that was not chosen from the list is dropped (unless free text is allowed).
        if (!freeSolo && input !== value) setInput(value);
        onBlur?.();
      }}
      renderInput={(params) => (
        <TextField
          {...params} label={label} size="small" required={required} error={Boolean(error)} helperText={error ?? hint ?? ' '}
          // A hint under a disabled field ('choose the state first') must stay readable (contrast, WCAG 1.4.3).
          slotProps={{ ...params.slotProps, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        />
      )}
    />
  );
}
