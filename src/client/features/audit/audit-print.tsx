/**
 * The print stylesheet of the Activity Log: only the element with PRINT_AREA_ID is printed (the shell, the
 * filter bar and the buttons are not), its ancestors lose their scroll boxes so long tables flow over pages.
 */
import GlobalStyles from '@mui/material/GlobalStyles';

export const PRINT_AREA_ID = 'activity-log-print';
const area = `#${PRINT_AREA_ID}`;

export function AuditPrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '.audit-print-only': { display: 'none' },
        '@media print': {
          '@page': { size: 'landscape', margin: '12mm' },
          [`body *:not(:has(${area})):not(${area}):not(${area} *)`]: { display: 'none !important' },
          [`*:has(${area})`]: {
            position: 'static !important', overflow: 'visible !important', height: 'auto !important', minHeight: '0 !important',
            width: 'auto !important', margin: '0 !important', padding: '0 !important', border: '0 !important', boxShadow: 'none !important',
            transform: 'none !important', background: 'none !important',
          },
          [area]: { padding: '0 !important', border: '0 !important', boxShadow: 'none !important' },
          '.audit-no-print, .audit-collapsed': { display: 'none !important' },
          '.audit-print-only': { display: 'block !important' },
          [`${area} tr`]: { breakInside: 'avoid' },
          [`${area} td, ${area} th`]: { fontSize: '9pt', padding: '2pt 4pt' },
        },
      }}
    />
  );
}
