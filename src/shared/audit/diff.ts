/**
 * Field-level changes of an audit entry: its `before` and `after` (JSON) turned into a list of
 * {field, before, after}, nested objects flattened to dotted names, values as display text.
 * Secrets never leave the server: a field whose name looks like a password, token, hash, salt or key, and
 * any value that looks like a password hash, is shown as HIDDEN (the fact that it changed stays visible).
 */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

export const HIDDEN = '[hidden]';

const SECRET_NAME = /(password|passwd|secret|token|hash|salt|api_?key|private_?key)/i;
const SECRET_VALUE = /^\$(argon2(id|i|d)?|2[aby]?|scrypt|pbkdf2)[$-]/;

export function isSecretField(name: string): boolean {
  return SECRET_NAME.test(name);
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Flattens nested plain objects to 'a.b' keys; arrays and scalars are leaves. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0 && prefix) out.set(prefix, value);
    for (const k of keys) flatten(value[k], prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.set(prefix || 'value', value);
}

/** Removes secrets from a JSON value (used for arrays and any value shown whole). */
export function scrub(value: unknown): unknown {
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? HIDDEN : value;
  if (Array.isArray(value)) return value.map(scrub);
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretField(k) ? HIDDEN : scrub(v)]));
  }
  return value;
}

function display(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value as Json);
}

/** The changed fields between two audit snapshots (a create lists every field of `after`). */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', b);
  if (after !== null && after !== undefined) flatten(after, '', a);
  const fields = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    // A parameter's name is the lab's ('Salt Tolerance'), never a secret's: only the value is checked.
    const secret = !isParameterField(field) && field.split('.').some(isSecretField);
    const was = secret ? (b.has(field) ? HIDDEN : null) : display(scrub(b.get(field)));
    const now = secret ? (a.has(field) ? HIDDEN : null) : display(scrub(a.get(field)));
    if (!secret && was === now) continue;
    if (secret && JSON.stringify(b.get(field)) === JSON.stringify(a.get(field))) continue;
    changes.push({ field, before: was, after: now });
  }
  return changes;
}

/** A parameter value as an activity's audit rows record it. */
interface RecordedValue { parameterId: number; value: unknown }

const recordedValues = (snapshot: unknown): RecordedValue[] | null => {
  const values = isObject(snapshot) ? snapshot.values : undefined;
  return Array.isArray(values) && values.every((v) => isObject(v) && typeof v.parameterId === 'number') ? (values as RecordedValue[]) : null;
};

/** The ids of the parameters whose values the snapshots record (an activity's `values: [{parameterId, value}]`). */
export function recordedParameterIds(...snapshots: unknown[]): number[] {
  return [...new Set(snapshots.flatMap((s) => (recordedValues(s) ?? []).map((v) => v.parameterId)))];
}

/** The field of one parameter's value: its name, so the change reads 'Parameter: Colony Diameter (mm)'. */
const PARAMETER_FIELD = 'Parameter: ';
export const parameterField = (name: string) => `${PARAMETER_FIELD}${name}`;
export const isParameterField = (field: string) => field.startsWith(PARAMETER_FIELD);

/** What the Activity Log knows of a recorded parameter: its name, and for a master data parameter its entries' values by code. */
export interface RecordedParameter {
  name: string;
  /** Short name (what is stored) -> the entry's value (what people read). */
  labels?: ReadonlyMap<string, string>;
}

/**
 * A snapshot whose `values` list (parameter ids and values) is replaced by one field per parameter, named
 * (`params`: id -> parameter; an unknown id keeps it as 'Parameter #id'), so that the diff shows each
 * parameter's value before and after instead of the list as JSON. A master data value reads as the entry's
 * value with the stored code beside it ('Circular (CIRC)'): people read the value, auditors see what was stored.
 */
export function withParameterNames(snapshot: unknown, params: ReadonlyMap<number, RecordedParameter>): unknown {
  const values = recordedValues(snapshot);
  if (!values) return snapshot;
  const { values: _list, ...rest } = snapshot as Record<string, unknown>;
  const readable = (v: RecordedValue) => {
    const label = typeof v.value === 'string' ? params.get(v.parameterId)?.labels?.get(v.value) : undefined;
    return label && label !== v.value ? `${label} (${v.value})` : (v.value ?? null);
  };
  const named = Object.fromEntries(values.map((v) => [parameterField(params.get(v.parameterId)?.name ?? `#${v.parameterId}`), readable(v)]));
  return { ...rest, ...named };
}

/** The master data codes the snapshots record, by parameter id (to look their values up). */
export function recordedCodes(...snapshots: unknown[]): Map<number, Set<string>> {
  const codes = new Map<number, Set<string>>();
  for (const v of snapshots.flatMap((s) => recordedValues(s) ?? [])) {
    if (typeof v.value !== 'string' || v.value === '') continue;
    if (!codes.has(v.parameterId)) codes.set(v.parameterId, new Set());
    codes.get(v.parameterId)!.add(v.value);
  }
  return codes;
}

/** One line per change, as the CSV export writes them: "field: before -> after". */
export function changesText(changes: AuditChange[]): string {
  return changes.map((c) => `${c.field}: ${c.before ?? '(none)'} -> ${c.after ?? '(none)'}`).join('\n');
}
