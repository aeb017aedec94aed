/**
 * The lookups of the user screens (spec 000 section 7): departments, designations, workflow roles and user
 * groups as select options, loaded when the form opens. A failed lookup leaves its select empty and says so.
 */
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { FieldOption } from '../../../shared/resources/types';
import { MSG } from '../../../shared/contract/messages';
import { crudApi } from '../../crud/crud-api';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError } from '../../lib/notifier/notify-slice';

export const LOOKUP_FAILED = 'The choices could not be loaded.';

type Item = Record<string, unknown>;

interface LookupSpec {
  field: string;
  endpoint: string;
  value: string;
  label(item: Item): string;
}

export const USER_LOOKUPS: readonly LookupSpec[] = [
  { field: 'tbdepartment', endpoint: 'getdepartmentForEmployee', value: 'id', label: (i) => String(i.departmentName ?? '') },
  { field: 'tbdesignation', endpoint: 'getdesignationall', value: 'id', label: (i) => String(i.designationname ?? '') },
  { field: 'tbband', endpoint: 'getbandForTask', value: 'id', label: (i) => String(i.bandname ?? '') },
  { field: 'usergroupid', endpoint: 'getusergroup', value: 'usergroupid', label: (i) => String(i.usergroup ?? '') },
];

export type LookupOptions = Record<string, FieldOption[]>;

function toOptions(spec: LookupSpec, answer: unknown): FieldOption[] {
  if (!Array.isArray(answer)) return [];
  return (answer as Item[])
    .filter((i) => i && i[spec.value] !== null && i[spec.value] !== undefined)
    .map((i) => ({ value: String(i[spec.value]), label: spec.label(i) }));
}

/** The options of every lookup field, by field name (empty until loaded). */
export function useUserLookups(): LookupOptions {
  const dispatch = useDispatch();
  const [options, setOptions] = useState<LookupOptions>({});
  useEffect(() => {
    let live = true;
    for (const spec of USER_LOOKUPS) {
      crudApi.call(spec.endpoint).then(
        (answer) => {
          if (live) setOptions((o) => ({ ...o, [spec.field]: toOptions(spec, answer) }));
        },
        (error: unknown) => {
          if (!live) return;
          if (!isHandledCentrally(error)) dispatch(notifyError(serverMessage(error) ?? LOOKUP_FAILED, MSG.oops));
        },
      );
    }
    return () => {
      live = false;
    };
  }, [dispatch]);
  return options;
}
