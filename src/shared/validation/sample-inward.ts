import * as yup from 'yup';

/**
 * The sample inward form (spec 001 sections 3, 5, 9): one schema for Formik on the client and for the body
 * of savesampleinverd on the server, so both report the same texts. The two date warnings are the spec's
 * exact words (spelling included); the spec names the mandatory fields but gives no text for them, so a
 * missing field reads '{label} is required.' (the wording the parameter forms use).
 */
export const SAMPLE_INWARD_MSG = {
  samplingDateFuture: 'Please Select Less Than Current Date !',
  inwardDate: 'Please Select Less Than Current Date Or Greter Than Sampling Date!',
  otpTitle: 'Sample Inward OTP Is :',
  saveMessageTitle: 'Save Message',
  saveFailed: 'Save Failed!',
  fillMandatory: 'Please fill all mandatory fields!',
  deleteTitle: ' Delete Message',
  deleted: 'Sample Deleted Successfully!',
  reactivated: 'Sample Reactivated Successfully!',
  emptySearch: 'Please Enter Some Text To Search!',
  inactive: 'This sample is no longer active; it cannot be changed.',
  stale: 'This sample was changed by someone else since you opened it. Reload it to see the latest version.',
  rainfall: 'Maximum Rainfall must not be less than Minimum Rainfall.',
} as const;

/** Labels of the form, in screen order (also the order in which missing fields are reported). */
export const SAMPLE_INWARD_LABELS = {
  samplingdate: 'Sampling Date',
  samplecollectdate: 'Sample Inwarded Date',
  sampledby: 'Sampled By',
  resourceName: 'Sample Inwarded By',
  statesofIndia: 'States of India',
  district: 'District',
  gpslocation: 'GPS Location',
  source: 'Source',
  agroclimaticzone: 'Agro Climatic Zone',
  minimumrainfall: 'Minimum Rainfall',
  maximumrainfall: 'Maximum Rainfall',
  temperature: 'Temperature',
  soiltype: 'Soil Type',
  soilcolor: 'Soil Color',
} as const;

export type SampleInwardField = keyof typeof SAMPLE_INWARD_LABELS;
export const SAMPLE_INWARD_FIELDS = Object.keys(SAMPLE_INWARD_LABELS) as SampleInwardField[];

/** Column limits (migration 20261122T060000-laboratory): sample inward number 50 and sample code 100 (spec 001 section 9). */
export const SAMPLE_INWARD_MAX = {
  sampledby: 100, resourceName: 100, statesofIndia: 50, district: 50, gpslocation: 100, source: 100,
  agroclimaticzone: 100, temperature: 50, soiltype: 100, soilcolor: 100, sampleinno: 50, sampleno: 100,
} as const;
export const RAINFALL_MAX = 99999999.99;

export const required = (field: SampleInwardField) => `${SAMPLE_INWARD_LABELS[field]} is required.`;
const tooLong = (field: keyof typeof SAMPLE_INWARD_LABELS, max: number) => `${SAMPLE_INWARD_LABELS[field]} must be at most ${max} characters.`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(v: unknown): v is string {
  if (typeof v !== 'string' || !ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Today as YYYY-MM-DD in the local time zone of whoever runs this. */
export function localToday(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The sampling date rule: not after today. Returns the warning, or null when fine (or empty). */
export function samplingDateWarning(samplingdate: string, today: string): string | null {
  if (!samplingdate) return null;
  return !isIsoDate(samplingdate) || samplingdate > today ? SAMPLE_INWARD_MSG.samplingDateFuture : null;
}

/** The inwarded date rule: not after today, not before the sampling date. */
export function inwardDateWarning(samplecollectdate: string, samplingdate: string, today: string): string | null {
  if (!samplecollectdate) return null;
  if (!isIsoDate(samplecollectdate) || samplecollectdate > today) return SAMPLE_INWARD_MSG.inwardDate;
  return samplingdate && samplecollectdate < samplingdate ? SAMPLE_INWARD_MSG.inwardDate : null;
}

const text = (field: keyof typeof SAMPLE_INWARD_MAX & SampleInwardField) =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'number' ? String(v) : v))
    .trim()
    .required(required(field))
    .max(SAMPLE_INWARD_MAX[field], tooLong(field, SAMPLE_INWARD_MAX[field]));

const rainfall = (field: 'minimumrainfall' | 'maximumrainfall') =>
  yup
    .number()
    .transform((v: number, original: unknown) => (original === '' || original === null ? undefined : v))
    .typeError(`${SAMPLE_INWARD_LABELS[field]} must be a number.`)
    .required(required(field))
    .min(0, `${SAMPLE_INWARD_LABELS[field]} must not be negative.`)
    .max(RAINFALL_MAX, `${SAMPLE_INWARD_LABELS[field]} is too large.`)
    .test('decimals', `${SAMPLE_INWARD_LABELS[field]} may have at most 2 decimal places.`, (v) => v === undefined || Math.round(v * 100) === Number((v * 100).toFixed(6)));

/**
 * The schema of a sample inward. `today` is the latest date accepted (YYYY-MM-DD): the browser passes its
 * local date; the server passes the latest calendar date anywhere on earth (UTC+14), so a lab ahead of UTC
 * is never refused for entering its own today.
 */
export function sampleInwardSchema(today: string) {
  return yup.object({
    samplingdate: yup
      .string()
      .required(required('samplingdate'))
      .test('not-future', SAMPLE_INWARD_MSG.samplingDateFuture, (v) => !v || samplingDateWarning(v, today) === null),
    samplecollectdate: yup
      .string()
      .required(required('samplecollectdate'))
      .test('inward-date', SAMPLE_INWARD_MSG.inwardDate, (v, ctx) => !v || inwardDateWarning(v, String(ctx.parent.samplingdate ?? ''), today) === null),
    sampledby: text('sampledby'),
    resourceName: text('resourceName'),
    statesofIndia: text('statesofIndia'),
    district: text('district'),
    gpslocation: text('gpslocation'),
    source: text('source'),
    agroclimaticzone: text('agroclimaticzone'),
    minimumrainfall: rainfall('minimumrainfall'),
    maximumrainfall: rainfall('maximumrainfall').test('not-below-minimum', SAMPLE_INWARD_MSG.rainfall, (v, ctx) => {
      const min = Number(ctx.parent.minimumrainfall);
      return v === undefined || ctx.parent.minimumrainfall === '' || ctx.parent.minimumrainfall == null || !Number.isFinite(min) || v >= min;
    }),
    temperature: text('temperature'),
    soiltype: text('soiltype'),
    soilcolor: text('soilcolor'),
  });
}

export type SampleInwardValues = yup.InferType<ReturnType<typeof sampleInwardSchema>>;

/** The server's latest accepted date: today at UTC+14 (the earliest time zone). */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The first failing message of a sample inward body (in screen order), or the cast values. */
export function checkSampleInward(
  body: Record<string, unknown>,
  today: string,
): { ok: true; values: SampleInwardValues } | { ok: false; message: string; field: SampleInwardField } {
  const schema = sampleInwardSchema(today);
  for (const field of SAMPLE_INWARD_FIELDS) {
    try {
      schema.validateSyncAt(field, body);
    } catch (e) {
      if (e instanceof yup.ValidationError) return { ok: false, message: e.message, field };
      throw e;
    }
  }
  return { ok: true, values: schema.cast(body, { stripUnknown: true }) as SampleInwardValues };
}
