import type { FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import type { FormikErrors, FormikTouched } from 'formik';
import { MSG } from '../../shared/contract/messages';
import { notifyError } from './notifier/notify-slice';

interface SubmittableForm<V> {
  validateForm(values?: V): Promise<FormikErrors<V>>;
  setTouched(touched: FormikTouched<V>, shouldValidate?: boolean): unknown;
  submitForm(): Promise<unknown>;
}

/**
 * A form submit that, when the form is invalid, marks every field touched (errors under the fields) and
 * shows the first message in field order as one 'OOPS!' error toast (spec 000 section 5 checks the fields
 * in order): one toast per attempt, the rest is read under the fields.
 */
export function useSubmitWithToasts<V>(form: SubmittableForm<V>, fieldOrder: ReadonlyArray<keyof V & string>) {
  const dispatch = useDispatch();
  return async (event?: FormEvent) => {
    event?.preventDefault();
    const errors = (await form.validateForm()) as Record<string, unknown>;
    const messages = fieldOrder.map((field) => errors[field]).filter((m): m is string => typeof m === 'string' && m !== '');
    if (messages.length > 0) {
      form.setTouched(Object.fromEntries(fieldOrder.map((f) => [f, true])) as FormikTouched<V>, false);
      dispatch(notifyError(messages[0], MSG.oops));
      return;
    }
    await form.submitForm();
  };
}
