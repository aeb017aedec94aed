/**
 * JSON schemas of the activity workflow's routes: body validation (ids may come as numbers or digit
 * strings, as the legacy client sends them), fast serialisation and the OpenAPI at /api/docs.
 * Answers are described in the endpoint summaries (shared/contract/activity-endpoints.ts).
 */
const ANY_ID = { type: ['integer', 'string', 'null'] };
const TEXT = { type: ['string', 'null'], maxLength: 200 };
const INT = { type: 'integer' };
const N_INT = { type: ['integer', 'null'] };
const STR = { type: 'string' };
const N_STR = { type: ['string', 'null'] };

const listBody = {
  type: ['object', 'null'],
  properties: { pageno: ANY_ID, userID: {}, searchText: TEXT, level: N_STR },
};

const rowProps = {
  id: INT, srno: INT, sampleno: STR, samplenov: STR, isolatecode: STR, pncode: N_STR,
  approvalStatus: N_STR, status: STR, actid: N_INT, totalItems: INT, amended: { type: 'boolean' },
};
const row = { type: 'object', properties: rowProps };

const buttonProps = {
  id: INT, shortname: STR, sequence: N_INT, status: N_STR, activityname: STR, activitylevel: STR, reportingmanager: STR,
  reportingmanagerid: N_INT, username: STR, userid: INT, trnid: N_INT, version: N_INT, remarks: N_STR, mode: STR, amended: { type: 'boolean' },
};

const targetBody = {
  type: 'object',
  properties: { samplenov: TEXT, sampleno: TEXT, pncode: TEXT, activitylevel: N_STR, userID: {} },
};

const activityObject = {
  type: 'object',
  properties: { id: INT, shortname: STR, activityname: STR, activitylevel: STR, sequence: N_INT, activeStatus: STR },
};

const paramconfProps = {
  activity: activityObject,
  actid: INT,
  activityID: INT,
  shortname: STR,
  activityname: STR,
  activitylevel: STR,
  sequence: N_INT,
  activeList: { type: 'array', items: { type: 'object', additionalProperties: true } },
  status: N_STR,
  sampleInward: { type: 'object', properties: { sampleno: STR, samplenov: STR, pncode: N_STR, isolatecode: STR } },
  reportingmanager: STR,
  reportingmanagerid: N_INT,
  username: STR,
  userid: INT,
  remarks: N_STR,
  version: N_INT,
  trnid: N_INT,
  mode: STR,
  allowed: { type: 'array', items: STR },
  canEdit: { type: 'boolean' },
  amended: { type: 'boolean' },
  signatures: {
    type: 'array',
    items: {
      type: 'object',
      properties: { name: STR, username: STR, at: STR, action: STR, meaning: STR, hash: STR, valid: { type: 'boolean' } },
    },
  },
};

/** getParamconf (with samplenov) and getLvl2Paramconf: body and answer. */
export const PARAMCONF_BODY = {
  type: 'object',
  properties: { id: ANY_ID, actid: ANY_ID, activityID: ANY_ID, userID: {}, sequence: {}, samplenov: TEXT, sampleno: TEXT, activityname: {}, pncode: TEXT },
};
export const PARAMCONF_PROPS = paramconfProps;

export const ACTIVITY_SCHEMAS = {
  list: { body: listBody, response: { 200: { type: 'array', items: row } } },
  rowById: { body: { type: 'object', properties: { trnid: ANY_ID, id: ANY_ID, userID: {} } }, response: { 200: row } },
  plantAssessmentPreview: {
    body: { type: 'object', properties: { isolatecode: TEXT, userID: {} } },
    response: { 200: { type: 'object', properties: { pncode: STR, sampleno: STR, samplenov: STR, isolatecode: STR } } },
  },
  plantAssessmentSave: {
    body: { type: 'object', properties: { isolatecode: TEXT, userID: {} } },
    response: { 200: { type: 'object', properties: { statuss: STR, message: STR, pncode: STR, id: INT } } },
  },
  buttons: { body: targetBody, response: { 200: { type: 'array', items: { type: 'object', properties: buttonProps } } } },
  paramconf: { body: PARAMCONF_BODY, response: { 200: { type: 'object', properties: paramconfProps } } },
  save: {
    body: {
      type: 'object',
      properties: {
        id: ANY_ID, actid: ANY_ID, activityID: ANY_ID, userID: {}, sequence: {}, samplenov: TEXT, sampleno: TEXT, activityname: {}, pncode: TEXT,
        activeList: { type: ['array', 'null'], maxItems: 500 },
        status: {}, remarks: {}, version: {}, signaturePassword: { type: ['string', 'null'], maxLength: 4096 }, signatureMeaning: { type: ['string', 'null'], maxLength: 300 },
      },
    },
    response: { 200: { type: 'object', properties: { message: STR, status: STR, trnid: INT, version: INT, reason: STR, code: INT, field: STR } } },
  },
  queue: {
    body: listBody,
    response: {
      200: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            trnid: INT, srno: INT, actid: INT, shortname: STR, activityname: STR, activitylevel: STR, sequence: N_INT, sampleno: STR,
            samplenov: STR, isolatecode: STR, pncode: N_STR, submitterid: INT, submitter: STR, submittedAt: STR, version: INT, totalItems: INT,
            amended: { type: 'boolean' },
          },
        },
      },
    },
  },
  counts: {
    body: { type: ['object', 'null'], properties: { userID: {} } },
    response: { 200: { type: 'object', properties: { level1: INT, level2: INT, total: INT } } },
  },
};
