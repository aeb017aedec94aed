import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';

/**
 * A Formik `validate` function backed by a yup schema that is loaded on first use (the first keystroke
 * or submit), so yup is not part of the first screen's download. Same messages and rules as
 * `validationSchema`.
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
      await validateYupSchema(values, await schema);
      return {};
    } catch (error) {
      if (error && typeof error === 'object' && (error as { name?: unknown }).name === 'ValidationError') {
        return yupToFormErrors<V>(error);
      }
      throw error;
    }
  };
}
