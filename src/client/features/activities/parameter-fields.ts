/**
 * Pure helpers of the dynamic parameter form (spec 001 sections 3 and 5): which input a configured
 * parameter gets, and the rule its value is checked against (the SHARED validateParameterValue, the same
 * function the server runs on submit).
 */
import type { LegacyParameterRow, ParameterRule, DateRule } from '../../../shared/parameters';
import { VALUE_DECIMALS, localDate } from '../../../shared/parameters';

/** The input a parameter is shown as. */
export type FieldKind = 'number' | 'date' | 'textarea' | 'boolean' | 'master' | 'getData';

/** A configuration row as the parameter screens receive it (legacy names; some fields may be missing). */
export type ParameterRow = Pick<LegacyParameterRow, 'shortname' | 'parameterName' | 'type' | 'sequence' | 'unittype'> &
  Partial<LegacyParameterRow>;

export function fieldKindOf(p: ParameterRow): FieldKind {
  const type = String(p.type ?? '').toLowerCase();
  const unit = p.unittype;
  if (unit === 'Integer' || unit === 'Float' || type === 'number') return 'number';
  if (unit === 'Date' || type.startsWith('date')) return 'date';
  if (unit === 'Boolean') return 'boolean';
  if (type === 'get data' || type === 'getdata') return unit === 'MasterData' ? 'master' : 'getData';
  if (unit === 'MasterData' || type === 'dropdown') return 'master';
  return 'textarea';
}

function dateRuleOf(p: ParameterRow): DateRule | null {
  const v = p.validator;
  if (p.lessthncurrentdate || v?.lessthncurrentdate) return 'lessOrEqualToday';
  if (p.greatthncurrentdate || v?.greatthncurrentdate) return 'onOrAfterToday';
  if (p.currentdate || v?.currentdate) return 'onlyToday';
  return null;
}

const numeric = (p: ParameterRow) => p.unittype === 'Integer' || p.unittype === 'Float';

/** The value rule of a configured parameter, read from its legacy row. */
export function ruleOf(p: ParameterRow): ParameterRule & { shortname: string } {
  const v = p.validator;
  const maxLength = numeric(p) ? (p.maxlength1 ?? p.maxlength ?? v?.maxlength1 ?? null) : (p.maxlength ?? v?.maxlength ?? null);
  const allowNegative = p.unittype === 'Float' ? Boolean(p.allownegativeforfloat ?? p.allownegative) : Boolean(p.allownegative);
  return {
    shortname: p.shortname,
    parameterName: p.parameterName,
    unitType: p.unittype,
    mandatory: Boolean(p.mandatory ?? v?.mandatory),
    minLength: p.minlength ?? v?.minlength ?? null,
    maxLength,
    decimalPlaces: p.decimalplaces ?? v?.decimalplaces ?? null,
    allowNegative,
    dateRule: dateRuleOf(p),
    booleanYes: p.booleanyes ?? null,
    booleanNo: p.booleanno ?? null,
  };
}

/** More than the allowed 2 decimal places typed (the 'Please Check Decimal Values!' toast). */
export function hasTooManyDecimals(text: string): boolean {
  const m = /\.(\d*)$/.exec(text.trim());
  return m !== null && m[1].length > VALUE_DECIMALS;
}

/** The min / max of a date input by its rule, as YYYY-MM-DD. */
export function dateBounds(rule: DateRule | null, today: string): { min?: string; max?: string } {
  if (rule === 'lessOrEqualToday') return { max: today };
  if (rule === 'onOrAfterToday') return { min: today };
  if (rule === 'onlyToday') return { min: today, max: today };
  return {};
}

export const todayText = (today?: string | Date): string =>
  today === undefined ? localDate(new Date()) : today instanceof Date ? localDate(today) : today;

/** Parameters in sequence order. */
export const inSequence = <T extends { sequence: number }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.sequence - b.sequence);

/** The empty-or-given starting values of the form, keyed by short name. */
export function startValues(rows: readonly ParameterRow[], values: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of rows) {
    const v = values[p.shortname];
    out[p.shortname] = v === undefined || v === null ? '' : String(v);
  }
  return out;
}

/** The mandatory parameters that are still empty. */
export function emptyMandatory(rows: readonly ParameterRow[], values: Readonly<Record<string, unknown>>): ParameterRow[] {
  return rows.filter((p) => ruleOf(p).mandatory && String(values[p.shortname] ?? '').trim() === '');
}
