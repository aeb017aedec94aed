import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Bar { label: string; value: number; colour?: string }

/**
 * A horizontal bar chart in plain boxes (no chart library: the dashboard chunk stays small). Each bar is
 * labelled with its number, so the picture and the figure read together; screen readers get a list.
 */
export function BarChart({ bars, label }: { bars: readonly Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
      {bars.map((b) => (
        <Box component="li" key={b.label} aria-label={`${b.label}: ${b.value}`} sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 40%) 1fr 3em', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" noWrap title={b.label}>{b.label}</Typography>
          <Box sx={{ height: 14, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
            <Box
              data-testid="bar"
              sx={{ height: '100%', width: `${(b.value / max) * 100}%`, bgcolor: b.colour ?? 'primary.main', borderRadius: 1, transition: 'width 300ms' }}
            />
          </Box>
          <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {b.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A column chart of a series (samples per month). */
export function ColumnChart({ columns, label }: { columns: readonly Bar[]; label: string }) {
  const max = Math.max(1, ...columns.map((c) => c.value));
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', alignItems: 'flex-end', gap: 0.5, height: 140 }}>
      {columns.map((c) => (
        <Box component="li" key={c.label} aria-label={`${c.label}: ${c.value}`} sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', height: '100%', justifyContent: 'flex-end' }}>
          <Typography variant="caption">{c.value || ''}</Typography>
          <Box sx={{ width: '70%', height: `${(c.value / max) * 100}px`, minHeight: c.value ? 2 : 0, bgcolor: c.colour ?? 'primary.light', borderRadius: '3px 3px 0 0' }} />
          <Typography variant="caption" color="text.secondary" sx={{ fontSize: 10 }}>{c.label}</Typography>
        </Box>
      ))}
    </Box>
  );
}
