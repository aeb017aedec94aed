import * as yup from 'yup';

/**
 * Parameter configuration of an activity type (spec 000 sections 2, 3, 4, 5, 7; spec 001 sections 3 and 5).
 * One configured parameter is a `ParameterConfig`; on the wire it travels in the legacy names
 * (`LegacyParameterRow`: shortname, parameterName, type, unittype, minlength, ...). This file holds the
 * vocabulary, the rules of a configuration row (Formik on the config screen, the server on save) and the
 * mapping between the two shapes. Validation of recorded VALUES is in ./parameter-values.
 */

export const PARAM_TYPES = ['Text', 'Number', 'Dropdown', 'Get Data', 'Date-Control'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export const UNIT_TYPES = ['Character', 'Float', 'Integer', 'Date', 'Boolean', 'MasterData', 'MicrobeIdentification'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** The 'Parameters' selector of the config screen. */
export const USER_ENTRY_OPTIONS = ['User Entry', 'User Selection'] as const;
export type UserEntry = (typeof USER_ENTRY_OPTIONS)[number];

/** Date options (spec 000 section 2); at most one applies. */
export const DATE_RULES = ['lessOrEqualToday', 'onOrAfterToday', 'onlyToday'] as const;
export type DateRule = (typeof DATE_RULES)[number];

/** The legacy checkbox of each date rule. */
export const DATE_RULE_FLAGS = {
  lessOrEqualToday: 'lessthncurrentdate',
  onOrAfterToday: 'greatthncurrentdate',
  onlyToday: 'currentdate',
} as const satisfies Record<DateRule, string>;

export const DATE_RULE_LABELS: Record<DateRule, string> = {
  lessOrEqualToday: 'Before or equal to the current date',
  onOrAfterToday: 'On or after the current date',
  onlyToday: 'Only the current date',
};

/** Which unit types each screen type may hold (our rule; the spec shows the options, not the pairing). */
export const UNIT_TYPES_OF_TYPE: Record<ParamType, readonly UnitType[]> = {
  Text: ['Character'],
  Number: ['Integer', 'Float'],
  'Date-Control': ['Date'],
  Dropdown: ['MasterData', 'Boolean'],
  'Get Data': ['MasterData', 'MicrobeIdentification'],
};

/** Typed values are entered by the user; the others are chosen from a list. */
export const USER_ENTRY_OF_UNIT: Record<UnitType, UserEntry> = {
  Character: 'User Entry',
  Float: 'User Entry',
  Integer: 'User Entry',
  Date: 'User Entry',
  Boolean: 'User Selection',
  MasterData: 'User Selection',
  MicrobeIdentification: 'User Selection',
};

/** The validation options of the config screen. */
export type ParameterOption = 'length' | 'decimalPlaces' | 'allowNegative' | 'dateRule' | 'booleanLabels' | 'commonMasterType';

/** The options each unit type shows; picking a unit type clears the others (spec 000 section 4). */
export const OPTIONS_OF_UNIT: Record<UnitType, readonly ParameterOption[]> = {
  Character: ['length'],
  Integer: ['length', 'allowNegative'],
  Float: ['length', 'decimalPlaces', 'allowNegative'],
  Date: ['dateRule'],
  Boolean: ['booleanLabels'],
  MasterData: ['commonMasterType'],
  MicrobeIdentification: [],
};

export const PARAMETER_LIMITS = {
  /** spec 000 sections 5 and 9 */
  shortname: 6,
  parameterName: 100,
  booleanLabel: 50,
  /** Largest min/max length. */
  length: 10000,
  decimalStep: 0.25,
  maxDecimalPlaces: 10,
  /** Most parameters of one activity. */
  perActivity: 200,
} as const;

export const DEFAULT_BOOLEAN_LABELS = { yes: 'Yes', no: 'No' } as const;

/** One configured parameter, in our names. */
export interface ParameterConfig {
  /** Upper case, 1-6 characters, unique within the activity. */
  shortname: string;
  parameterName: string;
  type: ParamType;
  unitType: UnitType;
  userEntry: UserEntry;
  /** 1..n within the activity. */
  sequence: number;
  mandatory: boolean;
  /** Character and numbers: fewest / most characters typed. */
  minLength: number | null;
  maxLength: number | null;
  /** Float: the number is rounded to this many places (steps of 0.25 on the screen; the whole part is used). */
  decimalPlaces: number | null;
  /** Integer and Float: negative numbers allowed. */
  allowNegative: boolean;
  dateRule: DateRule | null;
  /** Boolean: the two labels. */
  booleanYes: string | null;
  booleanNo: string | null;
  /** MasterData: the common master type whose entries are offered, by id (or by type name before the server resolves it). */
  commonMasterTypeId: number | null;
  commonMasterType: string | null;
}

/**
 * A configuration row in the legacy names (spec 000 section 3), as the config screen sends it in
 * `activeList` and as the answers carry it. maxlength1 / allownegativeforfloat are the number options'
 * copies of maxlength / allownegative; the three date flags are the date rule.
 */
export interface LegacyParameterRow {
  id?: number;
  shortname: string;
  parameterName: string;
  type: ParamType;
  sequence: number;
  mandatory: boolean;
  unittype: UnitType;
  userentry: UserEntry;
  minlength: number | null;
  maxlength: number | null;
  maxlength1: number | null;
  decimalplaces: number | null;
  allownegative: boolean;
  allownegativeforfloat: boolean;
  lessthncurrentdate: boolean;
  greatthncurrentdate: boolean;
  currentdate: boolean;
  booleanyes: string | null;
  booleanno: string | null;
  /** The common master type's name (what master/getMasterData takes as `value`). */
  commonmastertype: string | null;
  commonmastertypeid: number | null;
  /** Active flag of the row. */
  status: 'Y' | 'N';
  /** The lower bound of a number: 0 when negatives are not allowed (spec 001 section 5). */
  min: number | null;
  /** The rules the workflow screens apply to a value (spec 001 section 3 'Validator'). */
  validator: LegacyValidator;
  actid?: number;
  activityID?: number;
  activityname?: string;
  activitylevel?: string;
  version?: number;
}

export interface LegacyValidator {
  mandatory: boolean;
  minlength: number | null;
  maxlength: number | null;
  minlength1: number | null;
  maxlength1: number | null;
  min: number | null;
  minforfloat: number | null;
  minforinteger: number | null;
  allownegative: boolean;
  allownegativeforfloat: boolean;
  lessthncurrentdate: boolean;
  greatthncurrentdate: boolean;
  currentdate: boolean;
  decimalplaces: number | null;
}

// ---- reading legacy input ----------------------------------------------------------------------

type Values = Record<string, unknown>;

const isTrue = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['true', 'y', 'yes', '1'].includes(v.trim().toLowerCase()));
const isFalse = (v: unknown) => v === false || v === 0 || (typeof v === 'string' && ['false', 'n', 'no', '0'].includes(v.trim().toLowerCase()));
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Spellings of the types and unit types older clients send, mapped to ours (case-insensitive). */
const TYPE_ALIASES: Record<string, ParamType> = {
  text: 'Text', textarea: 'Text', number: 'Number', dropdown: 'Dropdown', 'get data': 'Get Data', getdata: 'Get Data',
  'date-control': 'Date-Control', date: 'Date-Control', datecontrol: 'Date-Control',
};
const UNIT_ALIASES: Record<string, UnitType> = {
  character: 'Character', float: 'Float', decimal: 'Float', integer: 'Integer', date: 'Date', boolean: 'Boolean',
  masterdata: 'MasterData', 'master data': 'MasterData', microbeidentification: 'MicrobeIdentification', 'microbe identification': 'MicrobeIdentification',
};
const USER_ENTRY_ALIASES: Record<string, UserEntry> = { 'user entry': 'User Entry', 'user selection': 'User Selection' };

const alias = <T>(table: Record<string, T>) => (v: unknown) => (typeof v === 'string' ? (table[v.trim().toLowerCase()] ?? v) : v);

export const PARAMETER_MSG = {
  shortname: 'Please Enter Short Name!',
  shortnameMax: `Short Name must be at most ${PARAMETER_LIMITS.shortname} characters.`,
  shortnameChars: 'Short Name may hold only letters, digits and the underscore.',
  parameterName: 'Please Enter Parameter Name!',
  parameterNameMax: `Parameter Name must be at most ${PARAMETER_LIMITS.parameterName} characters.`,
  type: 'Please Select Type!',
  typeInvalid: `Type must be one of: ${PARAM_TYPES.join(', ')}.`,
  sequence: 'Please Enter Sequence!',
  sequenceInvalid: 'Sequence must be a whole number from 1.',
  unitType: 'Please Select Unit Type!',
  unitTypeInvalid: `Unit type must be one of: ${UNIT_TYPES.join(', ')}.`,
  userEntryInvalid: 'Parameters must be User Entry or User Selection.',
  minLength: `Min Length must be a whole number from 0 to ${PARAMETER_LIMITS.length}.`,
  maxLength: `Max Length must be a whole number from 0 to ${PARAMETER_LIMITS.length}.`,
  lengthOrder: 'Min Length must not be more than Max Length.',
  decimalPlaces: `Decimal Places must be a multiple of ${PARAMETER_LIMITS.decimalStep} from 0 to ${PARAMETER_LIMITS.maxDecimalPlaces}.`,
  booleanLabel: `The Boolean labels must be at most ${PARAMETER_LIMITS.booleanLabel} characters.`,
  booleanSame: 'The two Boolean labels must differ.',
  commonMasterType: 'Please Select Common Master Type!',
  oneDateRule: 'Please choose only one date option.',
  flag: (label: string) => `${label} must be true or false.`,
  unitForType: (unit: string, type: string) =>
    `Unit type ${unit} cannot be used with type ${type} (allowed: ${(UNIT_TYPES_OF_TYPE[type as ParamType] ?? []).join(', ')}).`,
  userEntryForUnit: (unit: string, entry: string) => `Unit type ${unit} is a ${USER_ENTRY_OF_UNIT[unit as UnitType]} parameter, not ${entry}.`,
} as const;

const SHORTNAME_CHARS = /^[A-Z0-9_]+$/;

/** Whole number (number or numeric text) or the blank value; NaN for anything else. */
function wholeNumber(v: unknown, orig: unknown): unknown {
  if (blank(orig)) return undefined;
  if (typeof orig === 'string') return /^\s*[+-]?\d+\s*$/.test(orig) ? Number(orig) : NaN;
  if (typeof orig === 'number') return orig;
  return typeof v === 'number' ? NaN : v;
}

const flagSchema = (label: string) =>
  yup
    .boolean()
    .typeError(PARAMETER_MSG.flag(label))
    .transform((v: unknown, orig: unknown) => (blank(orig) ? undefined : isTrue(orig) ? true : isFalse(orig) ? false : v));

const lengthSchema = (message: string) =>
  yup.number().typeError(message).transform(wholeNumber).integer(message).min(0, message).max(PARAMETER_LIMITS.length, message);

const labelSchema = yup
  .string()
  .typeError(PARAMETER_MSG.booleanLabel)
  .transform((v: unknown) => (v === null ? undefined : typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v))
  .max(PARAMETER_LIMITS.booleanLabel, PARAMETER_MSG.booleanLabel);

/** Field order of the row form: validation reports the first failing field in this order. */
export const PARAMETER_ROW_FIELDS = [
  'shortname', 'parameterName', 'type', 'sequence', 'userentry', 'unittype', 'minlength', 'maxlength', 'maxlength1',
  'decimalplaces', 'allownegative', 'allownegativeforfloat', 'lessthncurrentdate', 'greatthncurrentdate', 'currentdate',
  'booleanyes', 'booleanno', 'commonmastertype', 'mandatory',
] as const;

/** The options of a unit type that are in force; the others are ignored and cleared. */
const has = (unit: unknown, option: ParameterOption) => (OPTIONS_OF_UNIT[unit as UnitType] ?? []).includes(option);

/** The row's number options use maxlength1 / allownegativeforfloat when given (Float first), else the plain ones. */
function effectiveMaxLength(row: Values): unknown {
  const numeric = row.unittype === 'Float' || row.unittype === 'Integer';
  const [first, second] = numeric ? [row.maxlength1, row.maxlength] : [row.maxlength, row.maxlength1];
  return blank(first) ? second : first;
}
function effectiveAllowNegative(row: Values): boolean {
  const [first, second] = row.unittype === 'Float' ? [row.allownegativeforfloat, row.allownegative] : [row.allownegative, row.allownegativeforfloat];
  return first === undefined || first === null ? second === true : first === true;
}
const dateFlags = (row: Values) => DATE_RULES.filter((r) => row[DATE_RULE_FLAGS[r]] === true);

/** The master type as sent: an id (number or digits) or a type name. */
function masterTypeOf(v: unknown): { id: number | null; name: string | null } {
  if (blank(v) || v === 0 || v === '0') return { id: null, name: null };
  if (typeof v === 'number') return { id: v, name: null };
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return { id: Number(v), name: null };
  if (typeof v === 'string') return { id: null, name: v.trim() };
  if (typeof v === 'object' && v !== null) {
    const o = v as Values;
    return masterTypeOf(o.id ?? o.type ?? o.value);
  }
  return { id: null, name: null };
}

/**
 * The yup schema of one configuration row in legacy names (the config form with Formik; the server per row).
 * Values are trimmed, the short name upper-cased, types matched case-insensitively.
 */
export const parameterRowSchema: yup.ObjectSchema<Values> = yup
  .object({
    shortname: yup
      .string()
      .typeError(PARAMETER_MSG.shortname)
      .transform((v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v))
      .required(PARAMETER_MSG.shortname)
      .max(PARAMETER_LIMITS.shortname, PARAMETER_MSG.shortnameMax)
      .matches(SHORTNAME_CHARS, PARAMETER_MSG.shortnameChars),
    parameterName: yup
      .string()
      .typeError(PARAMETER_MSG.parameterName)
      .transform((v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v))
      .required(PARAMETER_MSG.parameterName)
      .max(PARAMETER_LIMITS.parameterName, PARAMETER_MSG.parameterNameMax),
    type: yup
      .string()
      .typeError(PARAMETER_MSG.typeInvalid)
      .transform((v: unknown, orig: unknown) => (blank(orig) ? undefined : alias(TYPE_ALIASES)(v)))
      .required(PARAMETER_MSG.type)
      .oneOf([...PARAM_TYPES], PARAMETER_MSG.typeInvalid),
    sequence: yup
      .number()
      .typeError(PARAMETER_MSG.sequenceInvalid)
      .transform(wholeNumber)
      .required(PARAMETER_MSG.sequence)
      .integer(PARAMETER_MSG.sequenceInvalid)
      .min(1, PARAMETER_MSG.sequenceInvalid)
      .max(PARAMETER_LIMITS.perActivity, PARAMETER_MSG.sequenceInvalid),
    userentry: yup
      .string()
      .typeError(PARAMETER_MSG.userEntryInvalid)
      .transform((v: unknown, orig: unknown) => (blank(orig) ? undefined : alias(USER_ENTRY_ALIASES)(v)))
      .oneOf([...USER_ENTRY_OPTIONS, undefined], PARAMETER_MSG.userEntryInvalid),
    unittype: yup
      .string()
      .typeError(PARAMETER_MSG.unitTypeInvalid)
      .transform((v: unknown, orig: unknown) => (blank(orig) ? undefined : alias(UNIT_ALIASES)(v)))
      .required(PARAMETER_MSG.unitType)
      .oneOf([...UNIT_TYPES], PARAMETER_MSG.unitTypeInvalid),
    minlength: lengthSchema(PARAMETER_MSG.minLength),
    maxlength: lengthSchema(PARAMETER_MSG.maxLength),
    maxlength1: lengthSchema(PARAMETER_MSG.maxLength),
    decimalplaces: yup
      .number()
      .typeError(PARAMETER_MSG.decimalPlaces)
      .transform((v: unknown, orig: unknown) => (blank(orig) ? undefined : v))
      .min(0, PARAMETER_MSG.decimalPlaces)
      .max(PARAMETER_LIMITS.maxDecimalPlaces, PARAMETER_MSG.decimalPlaces)
      .test('step', PARAMETER_MSG.decimalPlaces, (v) => v === undefined || Number.isInteger(v / PARAMETER_LIMITS.decimalStep)),
    allownegative: flagSchema('Allow Negative'),
    allownegativeforfloat: flagSchema('Allow Negative'),
    lessthncurrentdate: flagSchema('Less than current date'),
    greatthncurrentdate: flagSchema('Greater than current date'),
    currentdate: flagSchema('Current date'),
    booleanyes: labelSchema,
    booleanno: labelSchema,
    commonmastertype: yup.mixed().nullable().test('masterType', PARAMETER_MSG.commonMasterType, function (v) {
      const row = this.parent as Values;
      if (row.unittype !== 'MasterData') return true;
      const t = masterTypeOf(v);
      return t.id !== null || t.name !== null;
    }),
    mandatory: flagSchema('Mandatory'),
  })
  .test('lengthOrder', PARAMETER_MSG.lengthOrder, (row) => {
    const r = row as Values;
    if (!has(r.unittype, 'length')) return true;
    const min = r.minlength;
    const max = effectiveMaxLength(r);
    return typeof min !== 'number' || typeof max !== 'number' || min <= max;
  })
  .test('unitForType', 'unitForType', function (row) {
    const r = row as Values;
    const allowed = UNIT_TYPES_OF_TYPE[r.type as ParamType];
    if (!allowed || allowed.includes(r.unittype as UnitType)) return true;
    return this.createError({ message: PARAMETER_MSG.unitForType(String(r.unittype), String(r.type)) });
  })
  .test('userEntryForUnit', 'userEntryForUnit', function (row) {
    const r = row as Values;
    if (r.userentry === undefined || USER_ENTRY_OF_UNIT[r.unittype as UnitType] === undefined) return true;
    if (USER_ENTRY_OF_UNIT[r.unittype as UnitType] === r.userentry) return true;
    return this.createError({ message: PARAMETER_MSG.userEntryForUnit(String(r.unittype), String(r.userentry)) });
  })
  .test('oneDateRule', PARAMETER_MSG.oneDateRule, (row) => !has((row as Values).unittype, 'dateRule') || dateFlags(row as Values).length <= 1)
  .test('booleanSame', PARAMETER_MSG.booleanSame, (row) => {
    const r = row as Values;
    if (!has(r.unittype, 'booleanLabels')) return true;
    const yes = typeof r.booleanyes === 'string' ? r.booleanyes : DEFAULT_BOOLEAN_LABELS.yes;
    const no = typeof r.booleanno === 'string' ? r.booleanno : DEFAULT_BOOLEAN_LABELS.no;
    return yes.toLowerCase() !== no.toLowerCase();
  }) as unknown as yup.ObjectSchema<Values>;

const CROSS_RULES = ['lengthOrder', 'unitForType', 'userEntryForUnit', 'oneDateRule', 'booleanSame'];

export type ParameterRowResult =
  | { ok: true; value: ParameterConfig }
  | { ok: false; message: string; field: string | null };

/** The cleaned configuration of a validated legacy row: options that do not apply to the unit type are cleared. */
function toConfig(r: Values, raw: Values): ParameterConfig {
  const unit = r.unittype as UnitType;
  const opt = (o: ParameterOption) => has(unit, o);
  const rule = opt('dateRule') ? (dateFlags(r)[0] ?? null) : null;
  const master = opt('commonMasterType') ? masterTypeOf(raw.commonmastertype) : { id: null, name: null };
  const maxLength = effectiveMaxLength(r);
  return {
    shortname: r.shortname as string,
    parameterName: r.parameterName as string,
    type: r.type as ParamType,
    unitType: unit,
    userEntry: (r.userentry as UserEntry | undefined) ?? USER_ENTRY_OF_UNIT[unit],
    sequence: r.sequence as number,
    mandatory: r.mandatory === undefined ? true : (r.mandatory as boolean),
    minLength: opt('length') && typeof r.minlength === 'number' ? r.minlength : null,
    maxLength: opt('length') && typeof maxLength === 'number' ? maxLength : null,
    decimalPlaces: opt('decimalPlaces') && typeof r.decimalplaces === 'number' ? r.decimalplaces : null,
    allowNegative: opt('allowNegative') ? effectiveAllowNegative(r) : false,
    dateRule: rule,
    booleanYes: opt('booleanLabels') ? ((r.booleanyes as string | undefined) ?? DEFAULT_BOOLEAN_LABELS.yes) : null,
    booleanNo: opt('booleanLabels') ? ((r.booleanno as string | undefined) ?? DEFAULT_BOOLEAN_LABELS.no) : null,
    commonMasterTypeId: master.id,
    commonMasterType: master.name,
  };
}

/**
 * Validates one legacy configuration row; the first failing rule is reported in form order, then the rules
 * across fields. On success the row as a `ParameterConfig` (the master type still as sent: the server
 * resolves a name to its id).
 */
export function validateParameterRow(input: unknown): ParameterRowResult {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, message: 'Each parameter must be an object.', field: null };
  }
  try {
    const cast = parameterRowSchema.validateSync(input, { abortEarly: false }) as Values;
    return { ok: true, value: toConfig(cast, input as Values) };
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    const errors = err.inner.length ? err.inner : [err];
    const rank = (e: yup.ValidationError) => {
      const i = (PARAMETER_ROW_FIELDS as readonly string[]).indexOf(e.path ?? '');
      if (i >= 0) return i;
      const j = CROSS_RULES.indexOf(e.type ?? '');
      return PARAMETER_ROW_FIELDS.length + (j >= 0 ? j : CROSS_RULES.length);
    };
    const first = [...errors].sort((a, b) => rank(a) - rank(b))[0];
    const field = (PARAMETER_ROW_FIELDS as readonly string[]).includes(first.path ?? '') ? (first.path as string) : null;
    return { ok: false, message: first.message, field };
  }
}

export type ParameterSetResult =
  | { ok: true; parameters: ParameterConfig[] }
  | { ok: false; message: string; index: number | null; field: string | null };

/** Rows the config screen marks removed (status N) are dropped before the set is checked. */
export const isRemovedRow = (row: unknown): boolean =>
  typeof row === 'object' && row !== null && typeof (row as Values).status === 'string' && ((row as Values).status as string).trim().toUpperCase() === 'N';

/**
 * Validates the whole parameter set of an activity: every row (its message prefixed with the row, e.g.
 * 'Parameter 2 (PH): ...'), short names unique, sequences exactly 1..n. The parameters come back in
 * sequence order.
 */
export function validateParameterSet(rows: readonly unknown[]): ParameterSetResult {
  const kept = rows.filter((r) => !isRemovedRow(r));
  if (kept.length > PARAMETER_LIMITS.perActivity) {
    return { ok: false, message: `An activity can have at most ${PARAMETER_LIMITS.perActivity} parameters.`, index: null, field: null };
  }
  const out: ParameterConfig[] = [];
  const byShortname = new Map<string, number>();
  for (let i = 0; i < kept.length; i++) {
    const res = validateParameterRow(kept[i]);
    const label = (v?: ParameterConfig) => {
      const sn = v?.shortname ?? (typeof (kept[i] as Values | null)?.shortname === 'string' ? ((kept[i] as Values).shortname as string).trim().toUpperCase() : '');
      return `Parameter ${i + 1}${sn ? ` (${sn})` : ''}`;
    };
    if (!res.ok) return { ok: false, message: `${label()}: ${res.message}`, index: i, field: res.field };
    const first = byShortname.get(res.value.shortname);
    if (first !== undefined) {
      return { ok: false, message: `Short Name ${res.value.shortname} is used by parameters ${first + 1} and ${i + 1}.`, index: i, field: 'shortname' };
    }
    byShortname.set(res.value.shortname, i);
    out.push(res.value);
  }
  const sequences = out.map((p) => p.sequence).sort((a, b) => a - b);
  if (!sequences.every((s, i) => s === i + 1)) {
    return {
      ok: false,
      message: `The sequences must be 1 to ${out.length}, each used once (they are ${sequences.join(', ')}).`,
      index: null,
      field: 'sequence',
    };
  }
  return { ok: true, parameters: out.sort((a, b) => a.sequence - b.sequence) };
}

// ---- answers in legacy names ----------------------------------------------------------------

export interface StoredParameter extends ParameterConfig {
  id: number;
  version: number;
  active: 'Y' | 'N';
}

export interface ActivityRef {
  id: number;
  shortname: string;
  activityname: string;
  activitylevel: string;
}

/** The lower bound of a number parameter: 0 unless negatives are allowed; null for other unit types. */
export function minimumOf(p: Pick<ParameterConfig, 'unitType' | 'allowNegative'>): number | null {
  return (p.unitType === 'Integer' || p.unitType === 'Float') && !p.allowNegative ? 0 : null;
}

/** One parameter in the legacy names of the config screen and the workflow screens. */
export function toLegacyParameter(p: ParameterConfig & { id?: number; version?: number; active?: 'Y' | 'N' }, activity?: ActivityRef): LegacyParameterRow {
  const min = minimumOf(p);
  const flags = {
    lessthncurrentdate: p.dateRule === 'lessOrEqualToday',
    greatthncurrentdate: p.dateRule === 'onOrAfterToday',
    currentdate: p.dateRule === 'onlyToday',
  };
  return {
    ...(p.id !== undefined ? { id: p.id } : {}),
    shortname: p.shortname,
    parameterName: p.parameterName,
    type: p.type,
    sequence: p.sequence,
    mandatory: p.mandatory,
    unittype: p.unitType,
    userentry: p.userEntry,
    minlength: p.minLength,
    maxlength: p.maxLength,
    maxlength1: p.maxLength,
    decimalplaces: p.decimalPlaces,
    allownegative: p.allowNegative,
    allownegativeforfloat: p.allowNegative,
    ...flags,
    booleanyes: p.booleanYes,
    booleanno: p.booleanNo,
    commonmastertype: p.commonMasterType,
    commonmastertypeid: p.commonMasterTypeId,
    status: p.active ?? 'Y',
    min,
    validator: {
      mandatory: p.mandatory,
      minlength: p.minLength,
      maxlength: p.maxLength,
      minlength1: p.minLength,
      maxlength1: p.maxLength,
      min,
      minforfloat: p.unitType === 'Float' ? min : null,
      minforinteger: p.unitType === 'Integer' ? min : null,
      allownegative: p.allowNegative,
      allownegativeforfloat: p.allowNegative,
      ...flags,
      decimalplaces: p.decimalPlaces,
    },
    ...(activity
      ? { actid: activity.id, activityID: activity.id, activityname: activity.activityname, activitylevel: activity.activitylevel }
      : {}),
    ...(p.version !== undefined ? { version: p.version } : {}),
  };
}
