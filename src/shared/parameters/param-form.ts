import {
  DATE_RULES, DATE_RULE_FLAGS, DATE_RULE_LABELS, OPTIONS_OF_UNIT, UNIT_TYPES_OF_TYPE, USER_ENTRY_OF_UNIT,
  type DateRule, type ParamType, type UnitType, type UserEntry,
} from './parameter-config';

/**
 * Pure helpers of the parameter configuration screen (spec 000 section 4), so that the client's form
 * behaves as specified and the behaviour is tested once:
 * - picking a unit type resets the other options (boolean, date, negative flags);
 * - Add creates a row or, when editing, replaces it; afterwards the sequence goes up by one and the form
 *   resets (Mandatory back to true);
 * - removing a row lowers the sequence counter by one (the rows after it move up, so the sequences stay 1..n).
 */

/** The form of one parameter in legacy names (what Formik holds). */
export interface ParameterForm {
  shortname: string;
  parameterName: string;
  type: ParamType | '';
  sequence: number;
  userentry: UserEntry | '';
  unittype: UnitType | '';
  minlength: number | '';
  maxlength: number | '';
  maxlength1: number | '';
  decimalplaces: number | '';
  allownegative: boolean;
  allownegativeforfloat: boolean;
  lessthncurrentdate: boolean;
  greatthncurrentdate: boolean;
  currentdate: boolean;
  booleanyes: string;
  booleanno: string;
  commonmastertype: number | string | '';
  mandatory: boolean;
}

/** A row of the table below the form (the form values of an added parameter). */
export type ParameterTableRow = ParameterForm & { id?: number };

/** The options' part of the form: what a unit type change resets. */
const OPTION_DEFAULTS = {
  minlength: '',
  maxlength: '',
  maxlength1: '',
  decimalplaces: '',
  allownegative: false,
  allownegativeforfloat: false,
  lessthncurrentdate: false,
  greatthncurrentdate: false,
  currentdate: false,
  booleanyes: '',
  booleanno: '',
  commonmastertype: '',
} as const satisfies Partial<ParameterForm>;

/** An empty form for the next parameter (Mandatory ticked). */
export function emptyParameterForm(sequence: number): ParameterForm {
  return { shortname: '', parameterName: '', type: '', sequence, userentry: '', unittype: '', ...OPTION_DEFAULTS, mandatory: true };
}

/** The sequence the next added parameter gets. */
export const nextSequence = (rows: readonly { sequence: number }[]): number => rows.length + 1;

/** Short names are shown (and stored) in capitals. */
export const shortnameInput = (typed: string): string => typed.toUpperCase();

/** Picking a unit type: sets it (and the User Entry / User Selection it belongs to) and resets every option. */
export function selectUnitType(form: ParameterForm, unittype: UnitType | ''): ParameterForm {
  return { ...form, ...OPTION_DEFAULTS, unittype, userentry: unittype ? USER_ENTRY_OF_UNIT[unittype] : form.userentry };
}

/** Picking a type: keeps the unit type when it fits the type, otherwise clears it (and its options). */
export function selectType(form: ParameterForm, type: ParamType | ''): ParameterForm {
  const fits = type !== '' && form.unittype !== '' && UNIT_TYPES_OF_TYPE[type].includes(form.unittype);
  return fits ? { ...form, type } : { ...selectUnitType(form, ''), type };
}

/** The unit types the form offers for a type (all when no type is chosen). */
export function unitTypesFor(type: ParamType | ''): readonly UnitType[] {
  return type === '' ? [...new Set(Object.values(UNIT_TYPES_OF_TYPE).flat())] : UNIT_TYPES_OF_TYPE[type];
}

/** Does the form show an option for its unit type? */
export const showsOption = (form: Pick<ParameterForm, 'unittype'>, option: (typeof OPTIONS_OF_UNIT)[UnitType][number]): boolean =>
  form.unittype !== '' && OPTIONS_OF_UNIT[form.unittype].includes(option);

/** The date options are exclusive: ticking one clears the others; ticking the ticked one clears it. */
export function toggleDateRule(form: ParameterForm, rule: DateRule): ParameterForm {
  const on = !form[DATE_RULE_FLAGS[rule]];
  const flags = Object.fromEntries(DATE_RULES.map((r) => [DATE_RULE_FLAGS[r], on && r === rule])) as Pick<
    ParameterForm, 'lessthncurrentdate' | 'greatthncurrentdate' | 'currentdate'
  >;
  return { ...form, ...flags };
}

/** The negative flag of the number options: one flag for both Integer and Float. */
export function setAllowNegative(form: ParameterForm, allow: boolean): ParameterForm {
  return { ...form, allownegative: allow, allownegativeforfloat: allow };
}

export interface AddResult {
  rows: ParameterTableRow[];
  /** The reset form for the next parameter. */
  form: ParameterForm;
}

/**
 * Add: appends the form as a row or, when `editingIndex` is given, replaces that row (keeping its id).
 * The short name is upper-cased. The next form has the next sequence and Mandatory ticked.
 */
export function addParameterRow(rows: readonly ParameterTableRow[], form: ParameterForm, editingIndex: number | null = null): AddResult {
  const row: ParameterTableRow = { ...form, shortname: shortnameInput(form.shortname.trim()) };
  let next: ParameterTableRow[];
  if (editingIndex !== null && editingIndex >= 0 && editingIndex < rows.length) {
    const id = rows[editingIndex].id;
    next = rows.map((r, i) => (i === editingIndex ? { ...row, ...(id !== undefined ? { id } : {}) } : r));
  } else {
    next = [...rows, row];
  }
  return { rows: next, form: emptyParameterForm(nextSequence(next)) };
}

export interface RemoveResult {
  rows: ParameterTableRow[];
  /** The sequence counter after the removal (one lower). */
  sequence: number;
}

/** Removes a row; the rows after it move up one sequence, and the counter goes down by one. */
export function removeParameterRow(rows: readonly ParameterTableRow[], index: number): RemoveResult {
  if (index < 0 || index >= rows.length) return { rows: [...rows], sequence: nextSequence(rows) };
  const removed = rows[index].sequence;
  const next = rows.filter((_, i) => i !== index).map((r) => (r.sequence > removed ? { ...r, sequence: r.sequence - 1 } : r));
  return { rows: next, sequence: nextSequence(next) };
}

/** Opens a row for editing: its values in the form. */
export const editParameterRow = (rows: readonly ParameterTableRow[], index: number): ParameterForm => {
  const { id: _id, ...form } = rows[index];
  return form;
};

/** The table's Configuration and Validations columns of a row. */
export function describeParameter(row: Pick<ParameterForm, 'type' | 'unittype' | 'userentry' | 'mandatory' | 'minlength' | 'maxlength' | 'maxlength1' |
  'decimalplaces' | 'allownegative' | 'allownegativeforfloat' | 'lessthncurrentdate' | 'greatthncurrentdate' | 'currentdate' | 'booleanyes' | 'booleanno'> &
  { commonmastertype?: number | string | null | ''; commonmastertypename?: string | null }): { configuration: string; validations: string } {
  const unit = row.unittype;
  const master = row.commonmastertypename ?? (typeof row.commonmastertype === 'string' && row.commonmastertype !== '' ? row.commonmastertype : null);
  const configuration = [row.type, unit, row.userentry, unit === 'MasterData' && master ? master : '']
    .filter((x) => x !== '' && x !== null && x !== undefined)
    .join(' / ');
  const parts: string[] = [row.mandatory ? 'Mandatory' : 'Optional'];
  if (unit !== '') {
    const opts = OPTIONS_OF_UNIT[unit];
    const max = unit === 'Float' || unit === 'Integer' ? (row.maxlength1 !== '' && row.maxlength1 != null ? row.maxlength1 : row.maxlength) : row.maxlength;
    if (opts.includes('length') && row.minlength !== '' && row.minlength != null) parts.push(`Min length ${row.minlength}`);
    if (opts.includes('length') && max !== '' && max != null) parts.push(`Max length ${max}`);
    if (opts.includes('decimalPlaces') && row.decimalplaces !== '' && row.decimalplaces != null) parts.push(`Decimal places ${row.decimalplaces}`);
    if (opts.includes('allowNegative')) parts.push((unit === 'Float' ? row.allownegativeforfloat || row.allownegative : row.allownegative) ? 'Negatives allowed' : 'No negatives');
    if (opts.includes('dateRule')) {
      const rule = DATE_RULES.find((r) => row[DATE_RULE_FLAGS[r]]);
      if (rule) parts.push(DATE_RULE_LABELS[rule]);
    }
    if (opts.includes('booleanLabels')) parts.push(`${row.booleanyes || 'Yes'} / ${row.booleanno || 'No'}`);
  }
  return { configuration, validations: parts.join(', ') };
}
