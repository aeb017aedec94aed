import type { FormikErrors, FormikValues } from 'formik';
import type { Schema, ValidationError } from 'yup';

/**
 * A `validate` function (Formik's, or the sign-in form's) backed by a yup schema that is loaded on first use
 * (the first keystroke or submit), so yup is not part of the first screen's download. Same messages and rules
 * as `validationSchema` for flat forms: each field gets its first message. No Formik code, so the sign-in page
 * (which has no Formik) can use it too.
 */
export function lazyYupValidator<V extends FormikValues>(load: () => Promise<Schema<unknown>>) {
  let schema: Promise<Schema<unknown>> | null = null;
  return async (values: V): Promise<FormikErrors<V>> => {
    if (!schema) {
      schema = load();
      schema.catch(() => {
        schema = null;
      });
    }
    try {
      // As Formik does: an empty field is no value (so `required` speaks before `oneOf`, 'Please Re-Enter Password!').
      const given = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? undefined : v]));
      await (await schema).validate(given, { abortEarly: false });
      return {};
    } catch (error) {
      if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'ValidationError') {
        const errors: Record<string, string> = {};
        const { inner, path, message } = error as ValidationError;
        for (const e of inner.length > 0 ? inner : [{ path, message }]) {
          if (e.path && !(e.path in errors)) errors[e.path] = e.message;
        }
        return errors as FormikErrors<V>;
      }
      throw error;
    }
  };
}
