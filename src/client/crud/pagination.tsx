import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

/** Page links shown at most (spec 000 section 9). */
export const MAX_PAGE_LINKS = 7;

/** The window of page numbers around `page`: at most `max` consecutive pages within 1..pageCount. */
export function pageWindow(page: number, pageCount: number, max = MAX_PAGE_LINKS): number[] {
  if (pageCount < 1) return [];
  const size = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface PageLinksProps {
  page: number;
  pageCount: number;
  onPage(page: number): void;
  disabled?: boolean;
}

/** First / previous, up to seven page links, next / last. */
export function PageLinks({ page, pageCount, onPage, disabled = false }: PageLinksProps) {
  if (pageCount <= 1) return null;
  const go = (p: number) => () => {
    if (p !== page) onPage(p);
  };
  return (
    <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <IconButton size="small" aria-label="First page" onClick={go(1)} disabled={disabled || page <= 1}>
        <FirstPageIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label="Previous page" onClick={go(page - 1)} disabled={disabled || page <= 1}>
        <ChevronLeftIcon fontSize="small" />
      </IconButton>
      {pageWindow(page, pageCount).map((p) => (
        <Button
          key={p}
          size="small"
          variant={p === page ? 'contained' : 'text'}
          aria-label={`Page ${p}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={go(p)}
          disabled={disabled}
          sx={{ minWidth: 36, px: 1 }}
        >
          {p}
        </Button>
      ))}
      <IconButton size="small" aria-label="Next page" onClick={go(page + 1)} disabled={disabled || page >= pageCount}>
        <ChevronRightIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label="Last page" onClick={go(pageCount)} disabled={disabled || page >= pageCount}>
        <LastPageIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
