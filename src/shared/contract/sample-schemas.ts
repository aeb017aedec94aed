/**
 * Bodies and answers of sample inward and isolates (spec 001 sections 2-5, 7, 8): the list and its search, the
 * record, the save and the delete of a sample; the OTPs, the previews and the saves of isolates. Served by
 * server/modules/samples. Server-only at run time.
 */
import { ISOLATE_MSG } from '../validation/isolate';
import { SAMPLE_INWARD_MSG } from '../validation/sample-inward';
import { EMPTY_BODY, ID, PAGE, WHOLE, body as bodySchema, strictText, text } from './body-schema';
import { declare, fromRoute } from './contract';
import { CAPPED_LIST_TOTAL } from './list-total';
import { SAMPLE_ENDPOINTS as E } from './sample-endpoints';

/** Text fields of the sample and isolate forms: their own rules answer with the form's messages. */
export const LOOSE = text(1000);

const nullableInt = { type: ['integer', 'null'] };
export const recordProps = {
  id: { type: 'integer' },
  sampleinno: { type: 'string' },
  sampleno: { type: 'string' },
  otp: { type: 'string' },
  samplingdate: { type: 'string' },
  samplecollectdate: { type: 'string' },
  sampledby: { type: 'string' },
  resourceName: { type: 'string' },
  resourceID: nullableInt,
  statesofIndia: { type: 'string' },
  statesofIndiaId: nullableInt,
  district: { type: 'string' },
  districtId: nullableInt,
  gpslocation: { type: 'string' },
  source: { type: 'string' },
  agroclimaticzone: { type: 'string' },
  minimumrainfall: { type: 'number' },
  maximumrainfall: { type: 'number' },
  temperature: { type: 'string' },
  soiltype: { type: 'string' },
  soilcolor: { type: 'string' },
  typedataof: { type: 'string' },
  active: { type: 'string' },
  version: { type: 'integer' },
};
export const recordSchema = { type: 'object', properties: recordProps };

const statusChangeSchema = {
  type: ['object', 'null'],
  properties: { by: { type: 'string' }, at: { type: 'string' }, reason: { type: 'string' } },
};
export const statusChangeProps = { statusChange: statusChangeSchema };
export const integrityProps = {
  amendmentRequired: { type: 'boolean' },
  canEdit: { type: 'boolean' },
  createdBy: { type: 'string' },
  amendments: {
    type: 'array',
    items: { type: 'object', properties: { by: { type: 'string' }, username: { type: 'string' }, at: { type: 'string' }, reason: { type: 'string' } } },
  },
  ...statusChangeProps,
};

const rowProps = {
  id: { type: 'integer' }, srno: { type: 'integer' }, samplingdate: { type: 'string' }, samplecollectdate: { type: 'string' },
  sampledby: { type: 'string' }, resourceName: { type: 'string' }, sampleinno: { type: 'string' }, sampleno: { type: 'string' },
  statesofIndia: { type: 'string' }, district: { type: 'string' }, typedataof: { type: 'string' }, active: { type: 'string' },
  totalItems: { type: 'integer' },
  ...statusChangeProps,
};
const rowsSchema = { type: 'array', items: { type: 'object', properties: rowProps } };
const searchRowsSchema = { type: 'array', items: { type: 'object', properties: { ...rowProps, totalIsLowerBound: { type: 'boolean' } } } };
const listBody = bodySchema({ ...PAGE, searchText: LOOSE }, { nullable: true });
const searchBody = bodySchema({ ...PAGE, searchText: LOOSE, countUpTo: WHOLE }, { nullable: true });
const ROWS = 'an array of at most 10 rows {id, srno, samplingdate, samplecollectdate, sampledby, resourceName, sampleinno, sampleno, statesofIndia, district, typedataof, active, totalItems, statusChange (who deleted or restored it, when, why; null when never)}, newest first';

const fieldProps = Object.fromEntries(
  ['samplingdate', 'samplecollectdate', 'sampledby', 'resourceName', 'statesofIndia', 'district', 'gpslocation', 'source', 'agroclimaticzone',
    'minimumrainfall', 'maximumrainfall', 'temperature', 'soiltype', 'soilcolor'].map((k) => [k, LOOSE]),
);

const SAMPLE_ROUTES = {
  savesampleinverd: {
    description:
      "Body: the sample inward fields (samplingdate, samplecollectdate (inwarded date), sampledby, resourceName (inwarded by), resourceID?, statesofIndia (+ statesofIndiaId?), district (+ districtId?), gpslocation, source, agroclimaticzone, minimumrainfall, maximumrainfall, temperature, soiltype, soilcolor); id and version for an update. " +
      "Answer {status:'Success', message:<the OTP>, id, sampleinno, sampleno}; {status:'Success1', message} when the sample is no longer active; 400 {message, field} with the form's message " +
      `('${SAMPLE_INWARD_MSG.samplingDateFuture}', '${SAMPLE_INWARD_MSG.inwardDate}', 'Sampled By is required.', ...); 404 unknown id; 409 stale version. ` +
      'An update is allowed to the user who registered the sample or a Top Role user (else 403); once an activity of one of its isolates is submitted or approved it is an amendment: ' +
      "it needs amendmentReason (else 400 {message, field:'amendmentReason', amendmentRequired:true}), is kept with who and when, and marks that sample's approved activities 'Data amended after approval'.",
    body: bodySchema({ id: ID, version: ID, resourceID: ID, statesofIndiaId: ID, districtId: ID, amendmentReason: strictText(2000), ...fieldProps }),
    response: {
      200: {
        type: 'object',
        properties: { status: { type: 'string' }, message: { type: 'string' }, id: { type: 'integer' }, sampleinno: { type: 'string' }, sampleno: { type: 'string' } },
      },
    },
  },
  getsamphome: { description: `Body {pageno}. Answer: ${ROWS}.`, body: listBody, response: { 200: rowsSchema } },
  getSearchForsampleinward: {
    description: `Body {pageno, searchText, countUpTo?}. Answer: ${ROWS}, only those whose number, code, OTP, sampled by, inwarded by, state, district or source contains the text (any case). Blank text: 400 '${SAMPLE_INWARD_MSG.emptySearch}'. ${CAPPED_LIST_TOTAL}`,
    body: searchBody,
    response: { 200: searchRowsSchema },
  },
  getsapleivertById: {
    description: 'Body {id}. Answer: the sample inward record (legacy names, with otp and version); 404 when missing.',
    body: bodySchema({ id: ID, trnid: ID }),
    response: { 200: { ...recordSchema, properties: { ...recordSchema.properties, ...integrityProps } } },
  },
  changesampleinStatus: {
    description: `Body {id, active ('N' deletes, 'Y' restores; default 'N'), reason (required both ways: kept on the row and in the audit trail), version?}. Only a Top Role user restores (403). Answer {status:'Success', message:'${SAMPLE_INWARD_MSG.deleted}'} (or '${SAMPLE_INWARD_MSG.reactivated}'); {status:'Success1', rescoremessage} when the row is not an inward sample or already in that state; 404 unknown id.`,
    body: bodySchema({ id: ID, active: LOOSE, version: ID, reason: strictText(2000) }),
    response: { 200: { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' }, rescoremessage: { type: 'string' } } } },
  },
};

const previewSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, sampleno: { type: 'string' }, sampleinno: { type: 'string' }, samplenov: { type: 'string' },
    organismtype: { type: 'string' }, isolates: { type: 'integer' }, sampleInward: { type: 'object', properties: recordProps },
  },
};
const isolateBody = bodySchema({ otp: LOOSE, sampleno: LOOSE, samplenov: LOOSE, sampletype: LOOSE, soilph: LOOSE, soilec: LOOSE, soiltds: LOOSE, organismtype: LOOSE });
const saveAnswer = {
  200: {
    type: 'object',
    properties: { statuss: { type: 'string' }, message: { type: 'string' }, isolatecode: { type: 'string' }, samplenov: { type: 'string' }, rescoremessage: { type: 'string' } },
  },
};
const MEASURES = `('${ISOLATE_MSG.sampleType}', '${ISOLATE_MSG.soilTds}', '${ISOLATE_MSG.soilPh}', '${ISOLATE_MSG.soilEc}' in that order, or a range sentence)`;

const ISOLATE_ROUTES = {
  getOtpForIsolated: {
    description: 'Answer: [{id, otp, sampleno, sampleinno}] of the active inward samples that have no isolate yet, newest first (at most 500).',
    body: EMPTY_BODY,
    response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, otp: { type: 'string' }, sampleno: { type: 'string' }, sampleinno: { type: 'string' } } } } },
  },
  getoverwrightotp: {
    description: `Body {otp}. Answer {id, sampleno, sampleinno, samplenov ('<sampleno>-1'), organismtype (the next isolate code, a preview), isolates, sampleInward}. Blank otp: 400 '${ISOLATE_MSG.selectOtp}'; no such sample waiting for its first isolate: 404 '${ISOLATE_MSG.unknownOtp}'.`,
    body: bodySchema({ otp: LOOSE }),
    response: { 200: previewSchema },
  },
  getfindisolate: {
    description: `Body {sampleno} (or searchText; a sample code version finds its sample). Answer like getoverwrightotp, with samplenov the next version. Blank: 400 '${ISOLATE_MSG.emptySampleCode}'; unknown or inactive: 404 '${ISOLATE_MSG.unknownSample}'.`,
    body: bodySchema({ sampleno: LOOSE, searchText: LOOSE, samplenov: LOOSE }),
    response: { 200: previewSchema },
  },
  getSamplingData: {
    description: 'Body {samplenov} (a sample code version: the sample and that isolate) or {sampleno} (the sample; isolate fields null). Answer: the sample inward record plus samplenov, isolatecode, sampletype, soilph, soilec, soilTDS; 404 when missing.',
    body: bodySchema({ sampleno: LOOSE, samplenov: LOOSE }),
    response: {
      200: {
        type: 'object',
        properties: {
          ...recordProps, samplenov: { type: ['string', 'null'] }, isolatecode: { type: ['string', 'null'] }, sampletype: { type: ['string', 'null'] },
          soilph: { type: ['number', 'null'] }, soilec: { type: ['number', 'null'] }, soilTDS: { type: ['number', 'null'] },
        },
      },
    },
  },
  saveisolatecodereplacetootp: {
    description: `Body {otp, sampletype, soilph, soilec, soiltds}. Answer {statuss:'Success', message:<samplenov>, samplenov, isolatecode}; {statuss:'Success1', rescoremessage} when the OTP names no active sample or the sample already has an isolate (nothing stored); 400 {message, field} ${MEASURES}, or '${ISOLATE_MSG.selectOtp}'.`,
    body: isolateBody,
    response: saveAnswer,
  },
  saveisolatecode: {
    description: `Body {sampleno (the searched sample code), sampletype, soilph, soilec, soiltds}. Answer {statuss:'Success', message:<the new samplenov>, samplenov, isolatecode}; {statuss:'Success1', rescoremessage} when the sample code names no active sample; 400 {message, field} ${MEASURES}, or '${ISOLATE_MSG.nextIsolateCode}' without a sample code.`,
    body: isolateBody,
    response: saveAnswer,
  },
};

export const SAMPLE_CONTRACT = {
  savesampleinverd: declare(E.savesampleinverd, fromRoute(SAMPLE_ROUTES.savesampleinverd)),
  getsamphome: declare(E.getsamphome, fromRoute(SAMPLE_ROUTES.getsamphome)),
  getSearchForsampleinward: declare(E.getSearchForsampleinward, fromRoute(SAMPLE_ROUTES.getSearchForsampleinward)),
  getsapleivertById: declare(E.getsapleivertById, fromRoute(SAMPLE_ROUTES.getsapleivertById)),
  changesampleinStatus: declare(E.changesampleinStatus, fromRoute(SAMPLE_ROUTES.changesampleinStatus)),
  getOtpForIsolated: declare(E.getOtpForIsolated, fromRoute(ISOLATE_ROUTES.getOtpForIsolated)),
  getoverwrightotp: declare(E.getoverwrightotp, fromRoute(ISOLATE_ROUTES.getoverwrightotp)),
  getfindisolate: declare(E.getfindisolate, fromRoute(ISOLATE_ROUTES.getfindisolate)),
  getSamplingData: declare(E.getSamplingData, fromRoute(ISOLATE_ROUTES.getSamplingData)),
  saveisolatecodereplacetootp: declare(E.saveisolatecodereplacetootp, fromRoute(ISOLATE_ROUTES.saveisolatecodereplacetootp)),
  saveisolatecode: declare(E.saveisolatecode, fromRoute(ISOLATE_ROUTES.saveisolatecode)),
};
