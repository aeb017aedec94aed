import * as yup from 'yup';
import { DEFAULT_BOOLEAN_LABELS, type ParameterConfig } from './parameter-config';

/**
 * Validation of a VALUE recorded against a configured parameter (spec 001 section 5): the workflow screens
 * check typed values with it (Formik, through `valueSchemaFor`) and the server checks submitted values
 * with the same function before storing them as typed rows (text, number, date: DESIGN.md section 8).
 */

/** The rules of a parameter that a value is checked against. */
export type ParameterRule = Pick<
  ParameterConfig,
  'parameterName' | 'unitType' | 'mandatory' | 'minLength' | 'maxLength' | 'decimalPlaces' | 'allowNegative' | 'dateRule' | 'booleanYes' | 'booleanNo'
>;

/** Most decimal places a typed number may have (spec 001 sections 5 and 9). */
export const VALUE_DECIMALS = 2;

export const VALUE_MSG = {
  /** spec 001 section 5 */
  required: (name: string) => `${name} is required.`,
  /** spec 001 section 5 (toast titled Oops) */
  decimals: 'Please Check Decimal Values!',
  /** spec 001 section 5: the toast when a mandatory field is empty after an edit. */
  mandatoryFields: 'Please fill all mandatory fields!',
  minLength: (name: string, n: number) => `${name} must be at least ${n} characters.`,
  maxLength: (name: string, n: number) => `${name} must be at most ${n} characters.`,
  number: (name: string) => `${name} must be a number.`,
  wholeNumber: (name: string) => `${name} must be a whole number.`,
  negative: (name: string) => `${name} must not be negative.`,
  date: (name: string) => `${name} must be a date (YYYY-MM-DD).`,
  lessOrEqualToday: (name: string) => `${name} must be on or before today.`,
  onOrAfterToday: (name: string) => `${name} must be on or after today.`,
  onlyToday: (name: string) => `${name} must be today's date.`,
  boolean: (name: string, yes: string, no: string) => `${name} must be ${yes} or ${no}.`,
  text: (name: string) => `${name} must be text.`,
} as const;

/**
 * A checked value as it is stored: `text` always (the display form), `number` for numbers (and 1/0 for a
 * Boolean), `date` (YYYY-MM-DD) for dates.
 */
export interface TypedValue {
  text: string;
  number: number | null;
  date: string | null;
}

export type ValueResult = { ok: true; value: TypedValue | null } | { ok: false; message: string };

export interface ValueOptions {
  /** Today's date as YYYY-MM-DD (or a Date, read in local time); defaults to the local date now. */
  today?: string | Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
/** YYYY-MM-DD of a real calendar day, or null. */
function calendarDate(text: string): string | null {
  const m = DATE_TEXT.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d && y >= 1 ? text : null;
}

const NUMBER_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The typed text of a raw value, or null for empty; undefined when it is not text-like at all. */
function rawText(raw: unknown): string | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw.trim();
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : undefined;
  if (typeof raw === 'boolean') return String(raw);
  return undefined;
}

function checkLength(p: ParameterRule, text: string): string | null {
  if (p.minLength != null && text.length < p.minLength) return VALUE_MSG.minLength(p.parameterName, p.minLength);
  if (p.maxLength != null && text.length > p.maxLength) return VALUE_MSG.maxLength(p.parameterName, p.maxLength);
  return null;
}

/** Rounds a decimal text with at most 2 places to `places` places (half away from zero), exactly. */
function roundDecimal(sign: string, whole: string, frac: string, places: number): number {
  // In hundredths, as an exact integer.
  const hundredths = Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
  const unit = 10 ** (VALUE_DECIMALS - places);
  const rounded = Math.round(hundredths / unit) * unit;
  const value = rounded / 100;
  return sign === '-' && value !== 0 ? -value : value;
}

function checkNumber(p: ParameterRule, text: string, integer: boolean): ValueResult {
  const name = p.parameterName;
  const m = NUMBER_TEXT.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return { ok: false, message: VALUE_MSG.number(name) };
  const [, sign, whole, frac = ''] = m;
  if (integer && frac.replace(/0+$/, '') !== '') return { ok: false, message: VALUE_MSG.wholeNumber(name) };
  if (!integer && frac.length > VALUE_DECIMALS) return { ok: false, message: VALUE_MSG.decimals };
  const lengthError = checkLength(p, text);
  if (lengthError) return { ok: false, message: lengthError };
  let value: number;
  if (integer) {
    value = Number(`${sign}${whole || '0'}`);
    if (!Number.isSafeInteger(value)) return { ok: false, message: VALUE_MSG.wholeNumber(name) };
  } else {
    const places = p.decimalPlaces == null ? VALUE_DECIMALS : Math.min(VALUE_DECIMALS, Math.floor(p.decimalPlaces));
    value = roundDecimal(sign, whole, frac, places);
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER / 100) return { ok: false, message: VALUE_MSG.number(name) };
  }
  if (value < 0 && !p.allowNegative) return { ok: false, message: VALUE_MSG.negative(name) };
  if (Object.is(value, -0)) value = 0;
  return { ok: true, value: { text: String(value), number: value, date: null } };
}

function checkDate(p: ParameterRule, raw: unknown, opts: ValueOptions): ValueResult {
  const name = p.parameterName;
  const text = raw instanceof Date ? (Number.isNaN(raw.getTime()) ? null : localDate(raw)) : typeof raw === 'string' ? calendarDate(raw.trim()) : null;
  if (!text) return { ok: false, message: VALUE_MSG.date(name) };
  const today = opts.today === undefined ? localDate(new Date()) : opts.today instanceof Date ? localDate(opts.today) : opts.today;
  if (p.dateRule === 'lessOrEqualToday' && text > today) return { ok: false, message: VALUE_MSG.lessOrEqualToday(name) };
  if (p.dateRule === 'onOrAfterToday' && text < today) return { ok: false, message: VALUE_MSG.onOrAfterToday(name) };
  if (p.dateRule === 'onlyToday' && text !== today) return { ok: false, message: VALUE_MSG.onlyToday(name) };
  return { ok: true, value: { text, number: null, date: text } };
}

const YES = ['true', 'y', 'yes', '1'];
const NO = ['false', 'n', 'no', '0'];

function checkBoolean(p: ParameterRule, text: string): ValueResult {
  const yes = p.booleanYes ?? DEFAULT_BOOLEAN_LABELS.yes;
  const no = p.booleanNo ?? DEFAULT_BOOLEAN_LABELS.no;
  const t = text.toLowerCase();
  if (t === yes.toLowerCase() || YES.includes(t)) return { ok: true, value: { text: yes, number: 1, date: null } };
  if (t === no.toLowerCase() || NO.includes(t)) return { ok: true, value: { text: no, number: 0, date: null } };
  return { ok: false, message: VALUE_MSG.boolean(p.parameterName, yes, no) };
}

/** Is a raw value empty (nothing typed or chosen)? */
export function isEmptyValue(raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === 'string') return raw.trim() === '';
  if (Array.isArray(raw)) return raw.length === 0;
  if (typeof raw === 'object' && !(raw instanceof Date)) {
    const o = raw as Record<string, unknown>;
    return isEmptyValue(o.shortname ?? o.value ?? o.id);
  }
  return false;
}

/**
 * Checks a raw value (as typed or chosen) against a configured parameter. An empty value is refused with
 * '{parameterName} is required.' when the parameter is mandatory, and is otherwise `null`. The value is
 * typed by the unit type: Character, MasterData and MicrobeIdentification give text (a chosen entry may be
 * sent as its shortname or as {id, shortname}); Integer and Float a number (a Float rounded to the
 * configured decimal places; more than 2 typed places is 'Please Check Decimal Values!'); Date a date
 * (YYYY-MM-DD, checked against today by the date rule); Boolean the chosen label with 1 / 0.
 */
export function validateParameterValue(p: ParameterRule, raw: unknown, opts: ValueOptions = {}): ValueResult {
  if (isEmptyValue(raw)) return p.mandatory ? { ok: false, message: VALUE_MSG.required(p.parameterName) } : { ok: true, value: null };
  if (p.unitType === 'Date') return checkDate(p, raw, opts);
  let chosen = raw;
  if (typeof raw === 'object' && raw !== null && !(raw instanceof Date) && !Array.isArray(raw)) {
    const o = raw as Record<string, unknown>;
    chosen = o.shortname ?? o.value ?? o.id;
  }
  const text = rawText(chosen);
  if (text === undefined || text === null) return { ok: false, message: VALUE_MSG.text(p.parameterName) };
  switch (p.unitType) {
    case 'Integer':
      return checkNumber(p, text, true);
    case 'Float':
      return checkNumber(p, text, false);
    case 'Boolean':
      return checkBoolean(p, text);
    case 'Character':
    case 'MasterData':
    case 'MicrobeIdentification': {
      const lengthError = checkLength(p, text);
      return lengthError ? { ok: false, message: lengthError } : { ok: true, value: { text, number: null, date: null } };
    }
  }
}

/** The yup schema of one parameter's form field (Formik on the workflow screens): the same rules and messages. */
export function valueSchemaFor(p: ParameterRule, opts: ValueOptions = {}): yup.Schema {
  return yup.mixed().nullable().test('parameterValue', VALUE_MSG.required(p.parameterName), function (v) {
    const r = validateParameterValue(p, v, opts);
    return r.ok ? true : this.createError({ message: r.message });
  });
}

/** The yup schema of a whole parameter form, keyed by each parameter's short name. */
export function parameterValuesSchema(params: ReadonlyArray<ParameterRule & { shortname: string }>, opts: ValueOptions = {}): yup.ObjectSchema<Record<string, unknown>> {
  const shape: Record<string, yup.Schema> = {};
  for (const p of params) shape[p.shortname] = valueSchemaFor(p, opts);
  return yup.object(shape) as unknown as yup.ObjectSchema<Record<string, unknown>>;
}
