/**
 * Form values of a resource: what Formik edits (strings for inputs, booleans for checkboxes), built from
 * the definition; the save body sent from them; and the definition's yup schema as Formik errors.
 */
import { ValidationError } from 'yup';
import type { FieldDef, ResourceDef } from '../../shared/resources/types';
import { schemaFor, truthy } from '../../shared/validation';
import type { Row } from './crud-api';

export type FormValues = Record<string, string | boolean>;
export type FormErrors = Record<string, string>;

/** Key of the errors of the cross-field rules (e.g. 'Please select atleast one Activity!'). */
export const FORM_ERROR_KEY = '_form';

const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The values of a new record (no record) or of a loaded one. */
export function initialValues(r: ResourceDef, record?: Row | null): FormValues {
  const values: FormValues = {};
  for (const f of r.fields) {
    const raw = record?.[f.name];
    values[f.name] = f.kind === 'boolean' ? (record ? truthy(raw) : (f.defaultValue ?? false)) : asText(raw);
    if (f.enabledBy) {
      const flag = record?.[f.enabledBy];
      values[f.enabledBy] = record ? (flag === undefined ? values[f.name] !== '' : truthy(flag)) : false;
    }
  }
  return withDerived(r, values);
}

/** Recomputes the derived flags the form carries (e.g. the workflow role's chkselect: every permission on). */
export function withDerived(r: ResourceDef, values: FormValues): FormValues {
  let out = values;
  for (const d of r.derived ?? []) {
    if (d.kind !== 'allTrue') continue;
    const all = d.of.every((n) => out[n] === true);
    if (out[d.name] !== all) out = { ...out, [d.name]: all };
  }
  return out;
}

const INTEGER_TEXT = /^[+-]?\d+$/;

function bodyValue(f: FieldDef, v: string | boolean | undefined): unknown {
  if (f.kind === 'boolean') return v === true;
  const text = typeof v === 'string' ? v.trim() : '';
  if (f.kind === 'integer') return text === '' ? null : INTEGER_TEXT.test(text) ? Number(text) : text;
  return f.uppercase ? text.toUpperCase() : text;
}

/** The save body's fields: trimmed text, numbers, booleans, each switch with its field (null when off). */
export function toSaveBody(r: ResourceDef, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of r.fields) {
    body[f.name] = bodyValue(f, values[f.name]);
    if (f.enabledBy) {
      const on = values[f.enabledBy] === true;
      body[f.enabledBy] = on;
      if (!on) body[f.name] = null;
    }
  }
  for (const d of r.derived ?? []) if (d.kind === 'allTrue') body[d.name] = values[d.name] === true;
  return body;
}

/** The definition's schema (the server's rules and texts) as Formik errors: field -> first message. */
export async function validateValues(r: ResourceDef, values: FormValues): Promise<FormErrors> {
  try {
    await schemaFor(r).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FormErrors = {};
    for (const e of error.inner.length ? error.inner : [error]) {
      const key = e.path || FORM_ERROR_KEY;
      if (!errors[key]) errors[key] = e.message;
    }
    return errors;
  }
}

/** Error keys in the order the screen reports them: the fields in form order, then the rules. */
export const errorOrder = (r: ResourceDef): string[] => [...r.fields.map((f) => f.name), FORM_ERROR_KEY];

/**
 * A value change that pulls others along. `impliesAllLinks` builds one from the definition's `impliesAll`
 * rules: ticking the implying field (Top Role) ticks all the others; clearing any of them clears it.
 */
export type LinkValues = (changed: string, next: FormValues) => FormValues;

export function impliesAllLinks(r: ResourceDef): LinkValues {
  const rules = (r.rules ?? []).filter((x) => x.kind === 'impliesAll');
  return (changed, next) => {
    let out = next;
    for (const rule of rules) {
      if (changed === rule.field && out[rule.field] === true) {
        out = { ...out, ...Object.fromEntries(rule.fields.map((n) => [n, true])) };
      } else if (rule.fields.includes(changed) && out[changed] === false && out[rule.field] === true) {
        out = { ...out, [rule.field]: false };
      }
    }
    return out;
  };
}
