import * as yup from 'yup';

/**
 * The isolate screen (spec 001 sections 2, 4, 5, 8): one schema for Formik on the client and for the bodies
 * of saveisolatecodereplacetootp / saveisolatecode on the server. The four save messages and the sample code
 * messages are the spec's exact words; the range messages (none in the spec) are plain sentences.
 */
export const ISOLATE_MSG = {
  sampleType: 'Please Select Sample Type!',
  soilTds: 'Please Select Soil TDS!',
  soilPh: 'Please Select Soil pH!',
  soilEc: 'Please Select Soil EC!',
  nextIsolateCode: 'Please Check Next Isolate Code!',
  emptySampleCode: 'Please Enter Sample Code',
  sampleCodeTitle: 'Sample Code Is :',
  selectOtp: 'Please select the OTP of the sample.',
  unknownOtp: 'There is no active sample waiting for its first isolate with this OTP.',
  alreadyIsolated: 'This sample already has an isolate code; search its Sample Code to add another isolate.',
  unknownSample: 'There is no active sample with this Sample Code.',
  phRange: 'Soil pH must be a number from 0 to 14 with at most 2 decimal places.',
  ecRange: 'Soil EC must be a number from 0 to 999999999 with at most 3 decimal places.',
  tdsRange: 'Soil TDS must be a number from 0 to 999999999 with at most 3 decimal places.',
  sampleTypeLong: 'Sample Type must be at most 100 characters.',
} as const;

/** Autocomplete of the sample type: at least 4 characters, at most 8 results (spec 001 sections 5, 9). */
export const SAMPLE_TYPE_LOOKUP = { masterType: 'Sample Type', minText: 4, maxResults: 8 } as const;

const places = (v: number, n: number) => {
  const scaled = v * 10 ** n;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

const measure = (required: string, range: string, max: number, decimals: number) =>
  yup
    .number()
    .transform((v: number, original: unknown) => (original === '' || original === null ? undefined : v))
    .typeError(range)
    .required(required)
    .min(0, range)
    .max(max, range)
    .test('decimals', range, (v) => v === undefined || places(v, decimals));

/** The order of the fields is the order of the messages (spec 001 section 5). */
export const isolateSchema = yup.object({
  sampletype: yup
    .string()
    .transform((v: unknown) => (typeof v === 'number' ? String(v) : v))
    .trim()
    .required(ISOLATE_MSG.sampleType)
    .max(100, ISOLATE_MSG.sampleTypeLong),
  soiltds: measure(ISOLATE_MSG.soilTds, ISOLATE_MSG.tdsRange, 999999999, 3),
  soilph: measure(ISOLATE_MSG.soilPh, ISOLATE_MSG.phRange, 14, 2),
  soilec: measure(ISOLATE_MSG.soilEc, ISOLATE_MSG.ecRange, 999999999, 3),
});

export const ISOLATE_FIELDS = ['sampletype', 'soiltds', 'soilph', 'soilec'] as const;
export type IsolateValues = yup.InferType<typeof isolateSchema>;

/** The first failing message of an isolate body (in the spec's order), or null with the cast values. */
export function checkIsolate(body: Record<string, unknown>): { ok: true; values: IsolateValues } | { ok: false; message: string; field: string } {
  for (const field of ISOLATE_FIELDS) {
    try {
      isolateSchema.validateSyncAt(field, body);
    } catch (e) {
      if (e instanceof yup.ValidationError) return { ok: false, message: e.message, field };
      throw e;
    }
  }
  return { ok: true, values: isolateSchema.cast(body, { stripUnknown: true }) as IsolateValues };
}
