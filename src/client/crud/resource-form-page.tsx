/**
 * The add / edit screen of a master resource, built from its definition: Formik with the definition's yup
 * schema (the server's rules and texts), inputs by field kind, Back and Save. An empty or wrong save shows
 * the messages under the fields and the first one as an 'OOPS!' toast; leaving a changed form asks first; a good one goes to the saga (takeLeading), which
 * toasts 'Record Saved Successfully!' and returns to the list. A stale save (409) offers Reload.
 */
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { MSG } from '../../shared/contract/messages';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { RESOURCE_MSG, type FieldDef, type ResourceDef } from '../../shared/resources/types';
import type { Row } from './crud-api';
import { formOpened, recordRequested, savedCleared, saveRequested } from './crud-slice';
import { navigateTo } from '../lib/navigation/navigation';
import { notifyError } from '../lib/notifier/notify-slice';
import { BooleanInput, FieldInput } from './field-input';
import {
  errorOrder,
  FORM_ERROR_KEY,
  initialValues,
  toSaveBody,
  validateValues,
  withDerived,
  type FormErrors,
  type FormValues,
  type LinkValues,
} from './form-values';
import { useSubmitWithToasts } from '../lib/form-submit';
import { useResource } from './use-resource';
import { StaleAlert } from '../lib/stale-alert';
import { UnsavedChangesGuard } from '../lib/unsaved-changes';

export const NO_SUCH_RECORD = 'There is no such record.';

export interface ResourceFormPageProps {
  resource: ResourceDef;
  /** A change that pulls other values along (the workflow role's Top Role, see `impliesAllLinks`). */
  linkValues?: LinkValues;
  /** How some fields are shown, over the definition (e.g. an id field as a select fed by a lookup). Sent as defined. */
  fieldOverrides?: Readonly<Record<string, Partial<FieldDef>>>;
  /** Start adornments of text inputs, by field (e.g. the mobile number's country code). */
  adornments?: Readonly<Record<string, ReactNode>>;
  /** Fields of the definition this screen neither shows nor sends (the server keeps their stored value). */
  hiddenFields?: readonly string[];
  /** Last step before the save is sent (e.g. encoding a value for transport). */
  prepareSave?(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A good answer carrying this key holds the form open and shows `SavedDialog` (closing it returns to the list). */
  stayIf?: string;
  SavedDialog?: ComponentType<SavedDialogProps>;
}

export interface SavedDialogProps {
  /** The save's answer. */
  answer: Row;
  /** The body that was saved (before prepareSave). */
  values: Record<string, unknown>;
  onClose(): void;
}

/** The route's id: undefined on the add route, null when it is not a record id. */
function idOf(param: string | undefined): number | null | undefined {
  if (param === undefined) return undefined;
  return /^\d+$/.test(param) && Number(param) >= 1 && Number(param) <= 2147483647 ? Number(param) : null;
}

/** The fields in screen order, consecutive checkboxes gathered into one row. */
function layout(fields: readonly FieldDef[]): Array<FieldDef | FieldDef[]> {
  const out: Array<FieldDef | FieldDef[]> = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (f.kind === 'boolean' && Array.isArray(last)) last.push(f);
    else out.push(f.kind === 'boolean' ? [f] : f);
  }
  return out;
}

interface FormProps {
  r: ResourceDef;
  record: Row | null;
  id?: number;
  saving: boolean;
  /** A good save held the form open (its dialog decides where to go next). */
  held: boolean;
  busy: boolean;
  linkValues?: LinkValues;
  screen: Omit<ResourceFormPageProps, 'resource' | 'linkValues' | 'SavedDialog'>;
  onSubmitted(body: Record<string, unknown>): void;
}

function ResourceForm({ r, record, id, saving, held, busy, linkValues, screen, onSubmitted }: FormProps) {
  const dispatch = useDispatch();
  const version = typeof record?.version === 'number' ? record.version : undefined;
  const initial = useMemo(() => initialValues(r, record), [r, record]);
  const formik = useFormik<FormValues>({
    initialValues: initial,
    validate: (values) => validateValues(r, values),
    onSubmit: async (values) => {
      const body = toSaveBody(r, values);
      for (const name of screen.hiddenFields ?? []) delete body[name];
      let sent: Record<string, unknown>;
      try {
        sent = screen.prepareSave ? await screen.prepareSave(body) : body;
      } catch {
        dispatch(notifyError(RESOURCE_MSG.checkAgain, MSG.oops));
        return;
      }
      onSubmitted(body);
      dispatch(
        saveRequested({
          resource: r.name,
          values: sent,
          ...(id !== undefined ? { id, version } : {}),
          ...(screen.stayIf ? { stayIf: screen.stayIf } : {}),
        }),
      );
    },
  });
  const submit = useSubmitWithToasts(formik, errorOrder(r));
  const errors = formik.errors as FormErrors;
  const errorOf = (name: string) => (formik.touched[name] ? errors[name] : undefined);

  const setValue = (name: string, value: string | boolean, also?: FormValues) => {
    let next: FormValues = { ...formik.values, [name]: value, ...also };
    if (linkValues) next = linkValues(name, next);
    // Errors update while typing once the field was left or a save was tried.
    void formik.setValues(withDerived(r, next), Boolean(formik.touched[name]));
  };
  const disabled = saving || busy;
  const inputProps = (f: FieldDef) => ({
    idPrefix: r.name,
    field: screen.fieldOverrides?.[f.name] ? { ...f, ...screen.fieldOverrides[f.name] } : f,
    startAdornment: screen.adornments?.[f.name],
    values: formik.values,
    error: errorOf(f.name),
    setValue,
    onBlur: formik.handleBlur,
    disabled,
  });
  const formError = formik.touched[FORM_ERROR_KEY] ? errors[FORM_ERROR_KEY] : undefined;

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1, maxWidth: 720 }}>
      {layout(r.fields.filter((f) => !screen.hiddenFields?.includes(f.name))).map((item) =>
        Array.isArray(item) ? (
          <FormGroup row key={item.map((f) => f.name).join()}>
            {item.map((f) => (
              <BooleanInput key={f.name} {...inputProps(f)} />
            ))}
          </FormGroup>
        ) : (
          <FieldInput key={item.name} {...inputProps(item)} />
        ),
      )}
      {/* Its line is kept when empty, so that the message appearing does not move the buttons under the pointer. */}
      <FormHelperText error data-testid={formError ? 'form-error' : undefined} sx={{ m: 0, minHeight: '1.66em' }}>
        {formError ?? ''}
      </FormHelperText>
      <UnsavedChangesGuard when={formik.dirty && !saving && !held} />
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Button component={RouterLink} to={r.routes.home} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={disabled} aria-busy={saving || undefined}>
          Save
        </Button>
      </Box>
    </Box>
  );
}

export function ResourceFormPage({ resource: r, linkValues, SavedDialog, ...screen }: ResourceFormPageProps) {
  const params = useParams();
  const [submitted, setSubmitted] = useState<Record<string, unknown>>({});
  const id = idOf(params.id);
  const state = useResource(r);
  const dispatch = useDispatch();

  useEffect(() => {
    if (id === undefined) dispatch(formOpened({ resource: r.name }));
    else if (id !== null) dispatch(recordRequested({ resource: r.name, id }));
  }, [dispatch, r.name, id]);

  const record = id !== undefined && id !== null && state.recordId === id ? state.record : null;
  const ready = id === undefined || record !== null;
  const version = typeof record?.version === 'number' ? record.version : '';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 2.5 }}>
        {r.title}
      </Typography>
      {id ? <StaleAlert sx={{ mb: 2 }} onReload={() => dispatch(recordRequested({ resource: r.name, id }))} /> : null}
      {id === null ? <Alert severity="error">{NO_SUCH_RECORD}</Alert> : null}
      {id && !ready && state.recordError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {state.recordError}
        </Alert>
      ) : null}
      {id && state.recordLoading ? <LinearProgress aria-label="Loading" sx={{ mb: 2 }} /> : null}
      {ready ? (
        <ResourceForm
          key={`${id ?? 'new'}:${version}`}
          r={r}
          record={record}
          id={id ?? undefined}
          saving={state.saving}
          held={state.saved !== null}
          busy={Boolean(id) && state.recordLoading}
          linkValues={linkValues}
          screen={screen}
          onSubmitted={setSubmitted}
        />
      ) : null}
      {SavedDialog && state.saved ? (
        <SavedDialog
          answer={state.saved}
          values={submitted}
          onClose={() => {
            dispatch(savedCleared({ resource: r.name }));
            dispatch(navigateTo(r.routes.home));
          }}
        />
      ) : null}
      {!ready ? (
        <Button component={RouterLink} to={r.routes.home} variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      ) : null}
    </Paper>
  );
}
