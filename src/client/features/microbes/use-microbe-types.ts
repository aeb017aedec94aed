/**
 * The microbe types (Bacteria, Fungi, ...: entries of the 'Microbe Type' common master) as select options,
 * loaded once when a microbe screen opens. null until loaded; a failed load says so and leaves the list empty.
 */
import { useMemo } from 'react';
import { MSG } from '../../../shared/contract/messages';
import type { MicrobeTypeItem } from '../../../shared/contract/microbe-endpoints';
import type { FieldOption } from '../../../shared/resources/types';
import { useQuery } from '../../crud/use-request';
import { MICROBE_CALLS } from './microbe-calls';

export const MICROBE_TYPES_FAILED = 'The microbe types could not be loaded.';

export function useMicrobeTypes(): FieldOption[] | null {
  const types = useQuery<MicrobeTypeItem[]>(MICROBE_CALLS.microbeTypes, {}, { failureText: MICROBE_TYPES_FAILED, failureTitle: MSG.oops });
  const { data, loading, failed } = types;
  return useMemo(() => {
    if (failed) return [];
    if (loading) return null;
    return (Array.isArray(data) ? data : []).map((i) => ({ value: String(i.id), label: i.value }));
  }, [data, loading, failed]);
}
