/**
 * The microbe types (Bacteria, Fungi, ...: entries of the 'Microbe Type' common master) as select options,
 * loaded once when a microbe screen opens. null until loaded; a failed load says so and leaves the list empty.
 */
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { MSG } from '../../../shared/contract/messages';
import type { FieldOption } from '../../../shared/resources/types';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError } from '../../lib/notifier/notify-slice';
import { microbeApi } from './api';

export const MICROBE_TYPES_FAILED = 'The microbe types could not be loaded.';

export function useMicrobeTypes(): FieldOption[] | null {
  const dispatch = useDispatch();
  const [options, setOptions] = useState<FieldOption[] | null>(null);
  useEffect(() => {
    let live = true;
    microbeApi.microbeTypes().then(
      (items) => {
        if (live) setOptions((Array.isArray(items) ? items : []).map((i) => ({ value: String(i.id), label: i.value })));
      },
      (error: unknown) => {
        if (!live) return;
        setOptions([]);
        if (!isHandledCentrally(error)) dispatch(notifyError(serverMessage(error) ?? MICROBE_TYPES_FAILED, MSG.oops));
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch]);
  return options;
}
