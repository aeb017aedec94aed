import * as yup from 'yup';
import { BIOSAFETY_LEVELS } from '../resources/microbe';

/**
 * The microbe identification form (spec 001 sections 2, 3, 9): one schema for Formik on the client and for
 * the body of savemicrobidentification on the server, so both report the same texts. The spec gives no
 * messages for this screen: these are plain sentences. Percentage identification steps by 0.1 and query
 * coverage by 0.01 (spec 001 section 9); both are from 0 to 100 (they are percentages).
 */
export const IDENTIFICATION_MSG = {
  microbe: 'Please select the Microbe.',
  genus: 'Please select the Genus.',
  species: 'Please select the Species.',
  percentageRequired: 'Please enter the Percentage Identification.',
  percentage: 'Percentage Identification must be a number from 0 to 100 with at most one decimal place.',
  coverageRequired: 'Please enter the Query Coverage.',
  coverage: 'Query Coverage must be a number from 0 to 100 with at most two decimal places.',
  gram: 'Gram Character must be at most 50 characters.',
  biosafety: `Biosafety Level must be one of: ${BIOSAFETY_LEVELS.join(', ')}.`,
  saved: 'Record Saved Successfully!',
  samplenov: 'Please send the sample code version (samplenov) of the isolate.',
  stale: 'This identification was changed by someone else since you opened it. Reload it to see the latest version.',
  notInMaster: 'The chosen microbe, genus and species are not an active entry of the microbe master.',
  gramNotInMaster: 'The Gram Character is not an active entry of the Gram Character master.',
} as const;

/** Steps of the number inputs (spec 001 section 9). */
export const IDENTIFICATION_STEPS = { percentageIdentification: 0.1, queryCoverage: 0.01 } as const;

const PERCENT_1 = /^\d{1,3}(\.\d)?$/;
const PERCENT_2 = /^\d{1,3}(\.\d{1,2})?$/;

/** A number or numeric text as trimmed text; anything else as it is (so that the type check fails). */
const asText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);

function percent(pattern: RegExp, required: string, invalid: string) {
  return yup
    .string()
    .transform((_v: unknown, orig: unknown) => blankToUndefined(asText(orig)))
    .typeError(invalid)
    .required(required)
    .test('percent', invalid, (v) => v === undefined || (pattern.test(v) && Number(v) <= 100));
}

const choiceId = (message: string) =>
  yup
    .number()
    .transform((_v: unknown, orig: unknown) => {
      const t = blankToUndefined(asText(orig));
      return t === undefined ? undefined : typeof t === 'string' && /^\d+$/.test(t) ? Number(t) : NaN;
    })
    .typeError(message)
    .required(message)
    .integer(message)
    .min(1, message)
    .max(2147483647, message);

const text = (max: number, required: string | null, tooLong: string) => {
  const s = yup
    .string()
    .transform((_v: unknown, orig: unknown) => blankToUndefined(asText(orig)))
    .typeError(tooLong)
    .max(max, tooLong);
  return required ? s.required(required) : s;
};

export const identificationSchema = yup.object({
  bactid: choiceId(IDENTIFICATION_MSG.microbe),
  genus: text(100, IDENTIFICATION_MSG.genus, 'Genus must be at most 100 characters.'),
  species: text(100, IDENTIFICATION_MSG.species, 'Species must be at most 100 characters.'),
  percentageIdentification: percent(PERCENT_1, IDENTIFICATION_MSG.percentageRequired, IDENTIFICATION_MSG.percentage),
  queryCoverage: percent(PERCENT_2, IDENTIFICATION_MSG.coverageRequired, IDENTIFICATION_MSG.coverage),
  gramCharacter: text(50, null, IDENTIFICATION_MSG.gram),
  biosafetyLevel: yup
    .string()
    .transform((_v: unknown, orig: unknown) => blankToUndefined(asText(orig)))
    .typeError(IDENTIFICATION_MSG.biosafety)
    .oneOf([...BIOSAFETY_LEVELS, undefined], IDENTIFICATION_MSG.biosafety),
});

/** The checked values: ids as numbers, text trimmed, percentages as numbers, optional ones null. */
export interface IdentificationValues {
  bactid: number;
  genus: string;
  species: string;
  percentageIdentification: number;
  queryCoverage: number;
  gramCharacter: string | null;
  biosafetyLevel: string | null;
}

/** Form order: the first failing field is the one reported. */
export const IDENTIFICATION_FIELDS = ['bactid', 'genus', 'species', 'percentageIdentification', 'queryCoverage', 'gramCharacter', 'biosafetyLevel'] as const;

export type IdentificationCheck = { ok: true; values: IdentificationValues } | { ok: false; field: string; message: string };

/** Validates a body (the legacy microbe id may come as `bactid` or `typeid`); the first failing field in form order. */
export function validateIdentification(body: Record<string, unknown>): IdentificationCheck {
  const input = { ...body, bactid: body.bactid ?? body.typeid };
  for (const field of IDENTIFICATION_FIELDS) {
    try {
      identificationSchema.validateSyncAt(field, input);
    } catch (err) {
      if (err instanceof yup.ValidationError) return { ok: false, field, message: err.message };
      throw err;
    }
  }
  const v = identificationSchema.cast(input, { stripUnknown: true });
  return {
    ok: true,
    values: {
      bactid: v.bactid,
      genus: v.genus as string,
      species: v.species as string,
      percentageIdentification: Number(v.percentageIdentification),
      queryCoverage: Number(v.queryCoverage),
      gramCharacter: v.gramCharacter ?? null,
      biosafetyLevel: v.biosafetyLevel ?? null,
    },
  };
}
