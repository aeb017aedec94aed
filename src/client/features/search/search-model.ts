/**
 * The screen's filter rows and how they become the search model's inputList (spec 001 sections 3 and 5):
 * a number row's condition and inputValue become 'num1 comparator num2', built only when both numbers are
 * present (a '>' or '<' row takes one number, sent twice: '800 > 800'); a row without a value leaves the names
 * and values unequal, which the screen refuses.
 */
import type { Comparator, FilterRow, SearchParameter } from '../../../shared/contract/search-endpoints';
import { dateRangeText, numberBounds, numberCondition, parseDateRange, parseNumberCondition } from '../../../shared/search/search-filters';

export interface FilterRowState {
  key: string;
  parameterName: string;
  type: SearchParameter['type'];
  commonmastertype: string | null;
  options: string[] | null;
  sequence: number;
  num1: string;
  comparator: Comparator;
  num2: string;
  value: string;
  from: string;
  to: string;
}

export function newRow(p: SearchParameter): FilterRowState {
  return {
    key: p.key, parameterName: p.parameterName, type: p.type, commonmastertype: p.commonmastertype, options: p.options, sequence: p.sequence,
    num1: '', comparator: '=', num2: '', value: '', from: '', to: '',
  };
}

/** Does the number row take two numbers (between) or one (greater than, less than)? */
export const takesTwoNumbers = (r: Pick<FilterRowState, 'comparator'>): boolean => r.comparator === '=';

/** The second number of a number row: its own for a range, else the first again. */
const secondNumber = (r: FilterRowState): string => (takesTwoNumbers(r) ? r.num2 : r.num1);

/** The row's condition text: 'num1 comparator num2' for numbers (null until the numbers are given). */
export function conditionOf(r: FilterRowState): string | null {
  if (r.type === 'number') return numberCondition(r.num1, r.comparator, secondNumber(r));
  if (r.type === 'Date') return dateRangeText(r.from, r.to);
  return r.value.trim() === '' ? null : r.value;
}

/** The inputList of the rows, or null when a row has no value (names and values would differ). */
export function toInputList(rows: FilterRowState[]): FilterRow[] | null {
  const names = rows.map((r) => r.parameterName);
  const values: FilterRow[] = [];
  for (const r of rows) {
    const v = conditionOf(r);
    if (v === null) continue;
    const base = { key: r.key, parameterName: r.parameterName, type: r.type, commonmastertype: r.commonmastertype, sequence: r.sequence };
    if (r.type === 'number') values.push({ ...base, inputValuenum1: r.num1, inputValuenum2: secondNumber(r), dropValue1: r.comparator, condition: v, inputValue: v });
    else if (r.type === 'Date') values.push({ ...base, inputValuenum1: r.from, inputValuenum2: r.to, inputValue: v });
    else values.push({ ...base, inputValue: v });
  }
  return values.length === names.length ? values : null;
}

/** Rows back from a saved search's inputList (whatever form its values take). */
export function rowsFromInputList(list: FilterRow[], params: SearchParameter[]): FilterRowState[] {
  return list.map((f) => {
    const p = params.find((x) => x.key === f.key) ?? params.find((x) => x.parameterName === f.parameterName);
    const row = newRow(p ?? {
      key: f.key ?? `name:${f.parameterName}`, parameterName: f.parameterName, type: (f.type as SearchParameter['type']) ?? 'text',
      commonmastertype: f.commonmastertype ?? null, options: null, sequence: f.sequence ?? 0,
    });
    if (row.type === 'number') {
      const c = parseNumberCondition(f.inputValue ?? f.condition);
      if (c) {
        // '500 > 800' (another client's) reads as '> 800': the one number shown is the bound that counts.
        const { lo, hi } = numberBounds(c);
        if (c.comparator === '=') return { ...row, num1: String(lo), comparator: c.comparator, num2: String(hi) };
        return { ...row, num1: String(c.comparator === '>' ? hi : lo), comparator: c.comparator, num2: '' };
      }
      return { ...row, num1: String(f.inputValuenum1 ?? ''), num2: String(f.inputValuenum2 ?? '') };
    }
    if (row.type === 'Date') {
      const d = parseDateRange(f.inputValue);
      return { ...row, from: d?.from ?? String(f.inputValuenum1 ?? ''), to: d?.to ?? String(f.inputValuenum2 ?? '') };
    }
    return { ...row, value: f.inputValue ?? '' };
  });
}
