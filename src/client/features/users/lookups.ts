/**
 * The lookups of the user screens (spec 000 section 7): departments, designations, workflow roles and user
 * groups as select options, loaded when the form opens. A failed lookup leaves its select empty and says so.
 */
import { useMemo } from 'react';
import type { FieldOption } from '../../../shared/resources/types';
import { MSG } from '../../../shared/contract/messages';
import { useQuery } from '../../crud/use-request';

export const LOOKUP_FAILED = 'The choices could not be loaded.';

type Item = Record<string, unknown>;

interface LookupSpec {
  field: string;
  endpoint: string;
  value: string;
  label(item: Item): string;
}

export const USER_LOOKUPS = [
  { field: 'tbdepartment', endpoint: 'getdepartmentForEmployee', value: 'id', label: (i: Item) => String(i.departmentName ?? '') },
  { field: 'tbdesignation', endpoint: 'getdesignationall', value: 'id', label: (i: Item) => String(i.designationname ?? '') },
  { field: 'tbband', endpoint: 'getbandForTask', value: 'id', label: (i: Item) => String(i.bandname ?? '') },
  { field: 'usergroupid', endpoint: 'getusergroup', value: 'usergroupid', label: (i: Item) => String(i.usergroup ?? '') },
] as const satisfies readonly LookupSpec[];

export type LookupOptions = Record<string, FieldOption[]>;

function toOptions(spec: LookupSpec, answer: unknown): FieldOption[] {
  if (!Array.isArray(answer)) return [];
  return (answer as Item[])
    .filter((i) => i && i[spec.value] !== null && i[spec.value] !== undefined)
    .map((i) => ({ value: String(i[spec.value]), label: spec.label(i) }));
}

/** One lookup's options; undefined until its answer came (a failed lookup leaves its select empty). */
function useLookup(spec: LookupSpec): FieldOption[] | undefined {
  const { data, entry } = useQuery<unknown>({ group: 'master', name: spec.endpoint }, {}, {
    key: `users/lookup/${spec.field}`, failureText: LOOKUP_FAILED, failureTitle: MSG.oops,
  });
  const answered = entry?.status === 'succeeded' || data !== undefined;
  return useMemo(() => (answered ? toOptions(spec, data) : undefined), [answered, spec, data]);
}

/** The options of every lookup field, by field name (empty until loaded). */
export function useUserLookups(): LookupOptions {
  const [department, designation, band, group] = USER_LOOKUPS;
  // Always the same four hook calls, in this order (hooks may not run in a loop).
  const [a, b, c, d] = [useLookup(department), useLookup(designation), useLookup(band), useLookup(group)];
  return useMemo(() => {
    const loaded: LookupOptions = {};
    [a, b, c, d].forEach((options, i) => {
      if (options) loaded[USER_LOOKUPS[i].field] = options;
    });
    return loaded;
  }, [a, b, c, d]);
}
