/**
 * The one autocomplete fed by a master lookup (spec 001 sections 5, 9): sample inward's state, district, zone and
 * soil type, the isolate's sample type, the identification's gram character and the search's dropdown filters. It
 * asks the server once the typed text has `minChars` characters (3, or 4 for the sample type), and shows at most 8 results. The
 * chosen item's value (its name) is what the form keeps; `freeSolo` also accepts typed text. The lookup is a
 * query of the request layer keyed by the field, so a newer text replaces the answer of an older one.
 */
import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { MasterItem } from '../../shared/contract/common-master-endpoints';
import { MASTER_LOOKUP } from '../../shared/resources/common-master';
import { atMost8, type MasterLookup } from './master-lookup';
import { useQuery } from './use-request';

/** The pause after the last key before the server is asked. */
const TYPING_PAUSE_MS = 250;

export interface MasterAutocompleteProps {
  id: string;
  label: string;
  value: string;
  /** Called with the chosen item, or with typed text (freeSolo), or null when cleared. */
  onChange(item: MasterItem | null, text: string): void;
  onBlur?(): void;
  /** What to ask for a typed text (masterLookup, districtLookup). */
  lookup(text: string): MasterLookup;
  minChars?: number;
  freeSolo?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  hint?: string;
  /** The form field's name (a form read by name). */
  name?: string;
  /** Style of the autocomplete's root (a width in a row of filters). */
  sx?: object;
}

export default function MasterAutocomplete({
  id, label, value, onChange, onBlur, lookup, minChars = MASTER_LOOKUP.minText, freeSolo = false, disabled, required, error, hint, name, sx,
}: MasterAutocompleteProps) {
  const [input, setInput] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  /** The text to look up ('' none) and the text asked for once typing paused. */
  const [wanted, setWanted] = useState('');
  const [asked, setAsked] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new value from the form (chosen, cleared, loaded) replaces the typed text.
  if (value !== shownValue) {
    setShownValue(value);
    setInput(value);
  }

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const query = asked ? lookup(asked) : null;
  const found = useQuery<MasterItem[]>(query?.endpoint ?? null, query?.body ?? {}, { key: `lookup:${id}` });
  const options = asked && !found.failed ? atMost8(found.data) : [];
  const loading = wanted !== '' && (wanted !== asked || found.entry?.status === 'pending');

  /** Asks the server (after a short pause) once the text is long enough. */
  const search = (typed: string) => {
    const text = typed.trim();
    if (timer.current) clearTimeout(timer.current);
    if (text.length < minChars || text === value) {
      setWanted('');
      setAsked('');
      return;
    }
    setWanted(text);
    timer.current = setTimeout(() => setAsked(text), TYPING_PAUSE_MS);
  };

  return (
    // Always freeSolo for MUI (the value need not be among the current search results); without `freeSolo`
    // typed text is never taken: only a chosen item changes the value.
    <Autocomplete<MasterItem, false, false, true>
      id={id}
      freeSolo
      sx={sx}
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
          {...params} name={name} label={label} size="small" required={required} error={Boolean(error)} helperText={error ?? hint ?? ' '}
          // A hint under a disabled field ('choose the state first') must stay readable (contrast, WCAG 1.4.3).
          slotProps={{ ...params.slotProps, formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        />
      )}
    />
  );
}
