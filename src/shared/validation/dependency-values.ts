import * as yup from 'yup';

/**
 * The Values text of the common master dependency form (spec 000 sections 2 and 5): pairs of a short name
 * and a name joined by a colon, separated by commas, e.g. `PN:Pune,MU:Mumbai`. The client shows
 * 'Correct Format.' or the incorrect-format text as the user types, and the server refuses a save with the
 * same rule: this file is the only place the rule is written.
 */
export const DEPENDENCY_FORMAT_MSG = {
  correct: 'Correct Format.',
  incorrect: 'Incorrect Format ! String Must Be Same As Per The Given Format',
  /** Nothing typed (spec 000 section 5). */
  empty: 'Please Fill Values!',
} as const;

/** Example shown beside the text area (spec 000 section 2). */
export const DEPENDENCY_VALUES_EXAMPLE = 'shortcode:value,shortname:value';

/**
 * One or more `part:part` pairs separated by commas; a part has no colon or comma and is not blank
 * (spaces around a part are allowed and trimmed). Written so that matching is linear: a part is
 * optional spaces, one visible character, then anything but a separator.
 */
export const DEPENDENCY_VALUES_PATTERN = /^\s*[^:,\s][^:,]*:\s*[^:,\s][^:,]*(?:,\s*[^:,\s][^:,]*:\s*[^:,\s][^:,]*)*$/;

/** Most characters of the Values text (about 300 pairs). */
export const DEPENDENCY_VALUES_MAX_LENGTH = 20000;

/** Limits of one pair (spec 000 sections 5 and 9). */
export const DEPENDENCY_PAIR_LIMITS = { shortname: 5, name: 50 } as const;

/** One dependent entry to create: its short name and name (legacy names of the distList items). */
export interface DependencyPair {
  depenshortname: string;
  depenname: string;
}

/** The indicator the form shows under the Values text area: ok decides whether Save is shown. */
export function dependencyValuesFormat(text: unknown): { ok: boolean; message: string } {
  const s = typeof text === 'string' ? text : '';
  if (s.trim() === '') return { ok: false, message: DEPENDENCY_FORMAT_MSG.empty };
  const ok = s.length <= DEPENDENCY_VALUES_MAX_LENGTH && DEPENDENCY_VALUES_PATTERN.test(s);
  return { ok, message: ok ? DEPENDENCY_FORMAT_MSG.correct : DEPENDENCY_FORMAT_MSG.incorrect };
}

/** The pairs of a Values text, trimmed, in order; null when the text does not have the format. */
export function parseDependencyValues(text: string): DependencyPair[] | null {
  if (!dependencyValuesFormat(text).ok) return null;
  return text.split(',').map((pair) => {
    const [shortname, name] = pair.split(':');
    return { depenshortname: shortname.trim(), depenname: name.trim() };
  });
}

export type PairsCheck =
  | { ok: true; pairs: DependencyPair[] }
  /** `duplicate`: a short name is given twice (the server answers it like an existing one, status Error1). */
  | { ok: false; message: string; index: number; duplicate: boolean };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * Checks the pair table (after inline edits): each short name 1-5 characters, each name 1-50, no short name
 * twice (case-insensitive). Messages name the row as the table shows it (Sr. No. from 1).
 */
export function checkDependencyPairs(items: readonly unknown[]): PairsCheck {
  const pairs: DependencyPair[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item = (items[i] ?? {}) as Record<string, unknown>;
    const p = { depenshortname: text(item.depenshortname), depenname: text(item.depenname) };
    const n = i + 1;
    if (!p.depenshortname) return { ok: false, index: i, duplicate: false, message: `Please fill the Short Name of row ${n}.` };
    if (p.depenshortname.length > DEPENDENCY_PAIR_LIMITS.shortname) {
      return { ok: false, index: i, duplicate: false, message: `The Short Name of row ${n} must be at most ${DEPENDENCY_PAIR_LIMITS.shortname} characters.` };
    }
    if (!p.depenname) return { ok: false, index: i, duplicate: false, message: `Please fill the Name of row ${n}.` };
    if (p.depenname.length > DEPENDENCY_PAIR_LIMITS.name) {
      return { ok: false, index: i, duplicate: false, message: `The Name of row ${n} must be at most ${DEPENDENCY_PAIR_LIMITS.name} characters.` };
    }
    const key = p.depenshortname.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      return { ok: false, index: i, duplicate: true, message: `Short Name ${p.depenshortname} is given twice (rows ${first + 1} and ${n}).` };
    }
    seen.set(key, i);
    pairs.push(p);
  }
  return { ok: true, pairs };
}

/** yup schema of the Values text area (Formik): required, then the format. */
export const dependencyValuesSchema = yup
  .string()
  .transform((v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v))
  .required(DEPENDENCY_FORMAT_MSG.empty)
  .max(DEPENDENCY_VALUES_MAX_LENGTH, DEPENDENCY_FORMAT_MSG.incorrect)
  .matches(DEPENDENCY_VALUES_PATTERN, DEPENDENCY_FORMAT_MSG.incorrect);

/** yup schema of one row of the pair table while it is edited inline. */
export const dependencyPairSchema = yup.object({
  depenshortname: yup.string().trim().required('Please fill the Short Name.')
    .max(DEPENDENCY_PAIR_LIMITS.shortname, `The Short Name must be at most ${DEPENDENCY_PAIR_LIMITS.shortname} characters.`),
  depenname: yup.string().trim().required('Please fill the Name.')
    .max(DEPENDENCY_PAIR_LIMITS.name, `The Name must be at most ${DEPENDENCY_PAIR_LIMITS.name} characters.`),
});
