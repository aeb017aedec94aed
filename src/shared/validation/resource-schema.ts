import * as yup from 'yup';
import { fieldTitle, type FieldDef, type ResourceDef, type ResourceRule } from '../resources/types';

/**
 * yup schemas built from the resource definitions (DESIGN.md section 4): Formik validates the client's
 * forms with them and the server validates request bodies with them, so both report the same texts.
 * Messages are the spec's (spec 000 section 5); where the spec has none, a plain sentence.
 */

type Values = Record<string, unknown>;

/** Loose truth as legacy clients send it: true, 'true', 'Y', 1, '1'. */
export function truthy(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && ['true', 'y', '1'].includes(v.trim().toLowerCase()));
}
const explicitlyFalse = (v: unknown): boolean =>
  v === false || v === 0 || (typeof v === 'string' && ['false', 'n', '0'].includes(v.trim().toLowerCase()));

export const defaultMessages = (f: FieldDef) => ({
  maxLength: f.messages?.maxLength ?? `${fieldTitle(f)} must be at most ${f.maxLength} characters.`,
  invalid:
    f.messages?.invalid ??
    (f.kind === 'integer'
      ? `${fieldTitle(f)} must be a whole number.`
      : f.kind === 'boolean'
        ? `${fieldTitle(f)} must be true or false.`
        : f.options
          ? `${fieldTitle(f)} must be one of: ${f.options.map((o) => o.value).join(', ')}.`
          : `${fieldTitle(f)} must be text.`),
  range: f.messages?.range ?? `${fieldTitle(f)} must be from ${f.min ?? '-2147483648'} to ${f.max ?? '2147483647'}.`,
  minLength: f.messages?.minLength ?? `${fieldTitle(f)} must be at least ${f.minLength} characters.`,
  pattern: f.messages?.pattern ?? `${fieldTitle(f)} is not valid.`,
});

/** Is the field switched on (its `enabledBy` flag ticked)? Fields without a flag always are. */
function enabled(f: FieldDef, parent: Values | undefined): boolean {
  if (!f.enabledBy) return true;
  return truthy(parent?.[f.enabledBy]);
}

/** Adds the required rule: plain for ordinary fields, only when ticked for fields behind a checkbox. */
function withRequired<S extends yup.Schema>(s: S, f: FieldDef): S {
  if (!f.required) return s;
  if (!f.enabledBy) return s.required(f.required) as S;
  const message = f.required;
  return s.test('required', message, function (v) {
    return !enabled(f, this.parent as Values) || (v !== undefined && v !== null && v !== '');
  }) as S;
}

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

function textSchema(f: FieldDef): yup.Schema {
  const m = defaultMessages(f);
  let s = yup
    .string()
    .typeError(m.invalid)
    .transform((v: unknown) => {
      if (typeof v !== 'string') return v;
      const t = v.trim();
      return f.uppercase ? t.toUpperCase() : t;
    })
    .transform(blankToUndefined);
  s = withRequired(s, f);
  if (f.minLength != null) s = s.min(f.minLength, m.minLength);
  if (f.maxLength != null) s = s.max(f.maxLength, m.maxLength);
  if (f.pattern) s = s.matches(f.pattern, { message: m.pattern, excludeEmptyString: true });
  if (f.options) s = s.oneOf([...f.options.map((o) => o.value), undefined], m.invalid);
  return s;
}

const INTEGER_TEXT = /^[+-]?\d+$/;

function integerSchema(f: FieldDef): yup.Schema {
  const m = defaultMessages(f);
  let s = yup
    .number()
    .typeError(m.invalid)
    .transform((v: unknown, orig: unknown) => {
      if (orig === null || orig === undefined || (typeof orig === 'string' && orig.trim() === '')) return undefined;
      // A drop-down of another master sends 0 for "none selected".
      if (f.references && (orig === 0 || (typeof orig === 'string' && /^\s*0+\s*$/.test(orig)))) return undefined;
      if (typeof orig === 'string' && !INTEGER_TEXT.test(orig.trim())) return NaN;
      return v;
    });
  s = withRequired(s, f);
  if (f.maxLength != null) {
    const max = f.maxLength;
    s = s.test('maxLength', m.maxLength, function () {
      const o = this.originalValue as unknown;
      return o === undefined || o === null || String(o).trim().length <= max;
    });
  }
  s = s.integer(m.invalid);
  s = s.min(f.min ?? -2147483648, m.range).max(f.max ?? 2147483647, m.range);
  return s;
}

function booleanSchema(f: FieldDef): yup.Schema {
  const m = defaultMessages(f);
  return yup
    .boolean()
    .typeError(m.invalid)
    .transform((v: unknown, orig: unknown) => {
      if (orig === null || orig === undefined || orig === '') return undefined;
      if (truthy(orig)) return true;
      if (explicitlyFalse(orig)) return false;
      return v;
    })
    .default(f.defaultValue ?? false) as unknown as yup.Schema;
}

export function fieldSchema(f: FieldDef): yup.Schema {
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'select':
    case 'choice':
      return textSchema(f);
    case 'integer':
      return integerSchema(f);
    case 'boolean':
      return booleanSchema(f);
  }
}

/** The rule's test name: errors are ordered by it after the fields. */
const ruleTestName = (i: number) => `rule${i}`;

/** Applied before validation: Top Role implies all; an unticked checkbox clears the field it reveals. */
function normalise(r: ResourceDef, input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Values = { ...(input as Values) };
  for (const rule of r.rules ?? []) {
    if (rule.kind === 'impliesAll' && truthy(out[rule.field])) for (const name of rule.fields) out[name] = true;
  }
  for (const f of r.fields) {
    if (f.enabledBy && explicitlyFalse(out[f.enabledBy])) out[f.name] = undefined;
  }
  return out;
}

function ruleTest(rule: ResourceRule) {
  switch (rule.kind) {
    case 'atLeastOne':
      return (v: Values | undefined) => rule.fields.some((name) => v?.[name] === true);
    case 'impliesAll':
      return () => true;
  }
}

const cache = new WeakMap<ResourceDef, yup.ObjectSchema<Values>>();

/** The yup schema of a resource's form: its fields in order, then its cross-field rules. */
export function schemaFor(r: ResourceDef): yup.ObjectSchema<Values> {
  const hit = cache.get(r);
  if (hit) return hit;
  const shape: Record<string, yup.Schema> = {};
  for (const f of r.fields) shape[f.name] = fieldSchema(f);
  let s = yup.object(shape).transform((v: unknown) => normalise(r, v)) as unknown as yup.ObjectSchema<Values>;
  (r.rules ?? []).forEach((rule, i) => {
    if (rule.kind === 'atLeastOne') s = s.test(ruleTestName(i), rule.message, ruleTest(rule));
  });
  cache.set(r, s);
  return s;
}

export type ValidationResult =
  | { ok: true; values: Values }
  | { ok: false; message: string; field: string | null };

/**
 * Validates `input` and reports the first failing rule in field order (then the cross-field rules),
 * as the legacy screens do. On success `values` holds the cleaned values of the definition's fields only.
 */
export function validateResource(r: ResourceDef, input: unknown): ValidationResult {
  const schema = schemaFor(r);
  try {
    const cast = schema.validateSync(input, { abortEarly: false, stripUnknown: false }) as Values;
    const values: Values = {};
    for (const f of r.fields) values[f.name] = cast[f.name] === undefined ? null : cast[f.name];
    return { ok: true, values };
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    const errors = err.inner.length ? err.inner : [err];
    const rank = (e: yup.ValidationError) => {
      const i = r.fields.findIndex((f) => f.name === e.path);
      if (i >= 0) return i;
      const m = /^rule(\d+)$/.exec(e.type ?? '');
      return r.fields.length + (m ? Number(m[1]) : 0);
    };
    const first = [...errors].sort((a, b) => rank(a) - rank(b))[0];
    const field = r.fields.some((f) => f.name === first.path) ? (first.path as string) : null;
    return { ok: false, message: first.message, field };
  }
}
