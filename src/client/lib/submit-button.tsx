import type { ReactNode } from 'react';
import { alpha, keyframes, styled } from '@mui/material/styles';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Button = styled('button')(({ theme }) => ({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.spacing(1),
  width: '100%',
  minHeight: 46,
  marginTop: theme.spacing(3),
  padding: '10px 22px',
  border: 0,
  borderRadius: theme.shape.borderRadius,
  font: 'inherit',
  fontSize: theme.typography.pxToRem(15),
  fontWeight: 600,
  letterSpacing: 0.2,
  color: theme.palette.primary.contrastText,
  backgroundColor: theme.palette.primary.main,
  boxShadow: theme.shadows[2],
  cursor: 'pointer',
  transition: theme.transitions.create(['background-color', 'box-shadow'], { duration: theme.transitions.duration.short }),
  '&:hover:not(:disabled)': { backgroundColor: theme.palette.primary.dark, boxShadow: theme.shadows[4] },
  '&:focus-visible': { outline: `3px solid ${alpha(theme.palette.primary.main, 0.35)}`, outlineOffset: 2 },
  '&:disabled': { cursor: 'default', backgroundColor: alpha(theme.palette.primary.main, 0.6), boxShadow: 'none' },
}));

const Spinner = styled('span')({
  width: 18,
  height: 18,
  borderRadius: '50%',
  border: '2px solid rgba(255, 255, 255, 0.45)',
  borderTopColor: '#fff',
  animation: `${spin} 0.8s linear infinite`,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
});

/**
 * The primary submit button of the simple forms, with a loading state (busy: spinner, disabled).
 * A themed native button: MUI's Button brings ButtonBase and the ripple (~7 KB gz) into the sign-in download.
 */
export function SubmitButton({ loading = false, children }: { loading?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={loading} aria-busy={loading || undefined}>
      {loading ? <Spinner aria-hidden="true" data-testid="submit-spinner" /> : null}
      {children}
    </Button>
  );
}
