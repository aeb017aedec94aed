import type { ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { Logo } from '../../lib/logo';

export const PRODUCT_NAME = 'Soil Microbiology LIMS';

// Themed plain elements: the sign-in screen has a 150 KB download budget (see DESIGN.md section 9).
const Page = styled('main')(({ theme }) => ({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: theme.spacing(4, 2),
  background: 'linear-gradient(160deg, #e8f5e9 0%, #f5f6f2 45%, #efebe9 100%)',
}));

const Card = styled('section')(({ theme }) => ({
  width: '100%',
  maxWidth: 420,
  boxSizing: 'border-box',
  padding: theme.spacing(4),
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 12,
  boxShadow: '0 12px 40px rgba(64, 36, 26, 0.10)',
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(3) },
}));

const LogoRow = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', marginBottom: theme.spacing(2) }));

const Title = styled('h1')(({ theme }) => ({
  ...theme.typography.h5,
  margin: 0,
  textAlign: 'center',
  fontWeight: 700,
  color: theme.palette.primary.dark,
}));

const Subtitle = styled('p')(({ theme }) => ({
  ...theme.typography.body2,
  margin: theme.spacing(0.5, 0, 1),
  textAlign: 'center',
  color: theme.palette.text.secondary,
}));

const Footer = styled('p')(({ theme }) => ({
  ...theme.typography.caption,
  margin: theme.spacing(3, 0, 0),
  color: theme.palette.text.secondary,
}));

/** The centred card of the sign-in and first-login screens. */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <Page>
      <Card aria-labelledby="auth-card-title">
        <LogoRow>
          <Logo width={220} />
        </LogoRow>
        <Title id="auth-card-title">{PRODUCT_NAME}</Title>
        <Subtitle>{subtitle}</Subtitle>
        {children}
      </Card>
      <Footer>
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </Footer>
    </Page>
  );
}
