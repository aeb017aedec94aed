/**
 * The user master form (spec 000 sections 2, 5, 9): the generic form of the employee definition, with the
 * id fields as selects fed by the lookups, the mobile number behind a fixed +91 country code and sent
 * transport-encoded as `mobile1`, and, after creating a user, the one-time initial password dialog.
 * The reporting manager is chosen on the activity access screen, so the form leaves it out.
 */
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { FieldDef } from '../../../shared/resources/types';
import { employee } from '../../../shared/resources';
import { ResourceFormPage, type SavedDialogProps } from '../../crud';
import { encodeSecrets } from '../../lib/transport';
import { useUserLookups } from './lookups';

/** The only country code offered (spec 000 section 9). */
export const COUNTRY_CODE = '+91';
export const HIDDEN_FIELDS = ['reportingmanagerid'] as const;
export const INITIAL_PASSWORD_NOTE =
  'This password is shown only once. The user must change it at the next sign-in.';

export const initialPasswordText = (username: string, password: string) => `Initial password for ${username}: ${password}`;

/** The mobile number leaves the browser only transport-encoded, as `mobile1` (spec 000 section 9). */
export async function encodeMobile(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { mobile, ...rest } = body;
  const [mobile1] = await encodeSecrets(typeof mobile === 'string' ? mobile : '');
  return { ...rest, mobile1 };
}

export function InitialPasswordDialog({ answer, values, onClose }: SavedDialogProps) {
  return <OneTimePasswordDialog title="User created" username={String(values.selfaccessforuser ?? '')} password={String(answer.initialPassword ?? '')} onClose={onClose} />;
}

/** A password shown once (a new user's initial one, or an administrator's reset), with Copy. */
export function OneTimePasswordDialog({ title, username, password, onClose }: { title: string; username: string; password: string; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(password).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="initial-password-title" aria-describedby="initial-password-text">
      <DialogTitle id="initial-password-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="initial-password-text" data-testid="initial-password">
          {initialPasswordText(username, password)}
        </DialogContentText>
        <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
          {INITIAL_PASSWORD_NOTE}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const ADORNMENTS = { mobile: <InputAdornment position="start">{COUNTRY_CODE}</InputAdornment> };

export default function EmployeeForm() {
  const lookups = useUserLookups();
  const fieldOverrides = useMemo(() => {
    const out: Record<string, Partial<FieldDef>> = {};
    for (const [name, options] of Object.entries(lookups)) out[name] = { kind: 'select', placeholder: 'Select', options };
    for (const name of ['tbdepartment', 'tbdesignation', 'tbband', 'usergroupid']) out[name] ??= { kind: 'select', placeholder: 'Select', options: [] };
    return out;
  }, [lookups]);
  return (
    <ResourceFormPage
      resource={employee}
      fieldOverrides={fieldOverrides}
      adornments={ADORNMENTS}
      hiddenFields={HIDDEN_FIELDS}
      prepareSave={encodeMobile}
      stayIf="initialPassword"
      SavedDialog={InitialPasswordDialog}
    />
  );
}
