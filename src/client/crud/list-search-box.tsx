/**
 * The search box of every list screen (spec 000 section 2): "Search Text", the search icon (submit) and
 * Refresh (back to the plain list). The screen owns the text and what searching means.
 */
import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';

export interface ListSearchBoxProps {
  /** The text field's id (`<screen>-search`). */
  id: string;
  text: string;
  setText(text: string): void;
  onSearch(event: FormEvent): void;
  onRefresh(): void;
  maxLength?: number;
  /** Style of the form (sx), e.g. its share of a toolbar row. */
  sx?: object;
}

export function ListSearchBox({ id, text, setText, onSearch, onRefresh, maxLength = 100, sx }: ListSearchBoxProps) {
  return (
    <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', alignItems: 'center', gap: 1, maxWidth: 560, ...sx }}>
      <TextField
        id={id}
        label="Search Text"
        size="small"
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength } }}
      />
      <IconButton type="submit" aria-label="Search" title="Search" color="primary">
        <SearchIcon />
      </IconButton>
      <IconButton aria-label="Refresh" title="Refresh" onClick={onRefresh}>
        <RefreshIcon />
      </IconButton>
    </Box>
  );
}
