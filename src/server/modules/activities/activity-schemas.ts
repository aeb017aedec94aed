/**
 * JSON schemas of the activity workflow's routes: body validation (ids may come as numbers or digit
 * strings, as the legacy client sends them), fast serialisation and the OpenAPI at /api/docs.
 * Answers are described in the endpoint summaries (shared/contract/activity-endpoints.ts).
 */
import { ID, PAGE, body, listOf, strictText } from '../../../shared/contract/body-schema';
import { PARAMCONF_BODY, PARAMCONF_PROPS, paramconfBodyProps } from '../parameters/paramconf-schema';

const TEXT = strictText(200);
const INT = { type: 'integer' };
const N_INT = { type: ['integer', 'null'] };
const STR = { type: 'string' };
const N_STR = { type: ['string', 'null'] };

const listBody = body({ ...PAGE, searchText: TEXT, level: TEXT, activitylevel: TEXT }, { nullable: true });

const rowProps = {
  id: INT, srno: INT, sampleno: STR, samplenov: STR, isolatecode: STR, pncode: N_STR,
  approvalStatus: N_STR, status: STR, actid: N_INT, totalItems: INT, amended: { type: 'boolean' },
};
const row = { type: 'object', properties: rowProps };

const buttonProps = {
  id: INT, shortname: STR, sequence: N_INT, status: N_STR, activityname: STR, activitylevel: STR, reportingmanager: STR,
  reportingmanagerid: N_INT, username: STR, userid: INT, trnid: N_INT, version: N_INT, remarks: N_STR, mode: STR, amended: { type: 'boolean' },
};

const targetBody = body({ samplenov: TEXT, sampleno: TEXT, pncode: TEXT, plantassesmentcode: TEXT, level: TEXT, activitylevel: TEXT });

/** getParamconf (with samplenov) and getLvl2Paramconf: body and answer. */

export const ACTIVITY_SCHEMAS = {
  list: { body: listBody, response: { 200: { type: 'array', items: row } } },
  rowById: { body: body({ trnid: ID, id: ID }), response: { 200: row } },
  plantAssessmentPreview: {
    body: body({ isolatecode: TEXT }),
    response: { 200: { type: 'object', properties: { pncode: STR, sampleno: STR, samplenov: STR, isolatecode: STR } } },
  },
  plantAssessmentSave: {
    body: body({ isolatecode: TEXT }),
    response: { 200: { type: 'object', properties: { statuss: STR, message: STR, pncode: STR, id: INT } } },
  },
  buttons: { body: targetBody, response: { 200: { type: 'array', items: { type: 'object', properties: buttonProps } } } },
  paramconf: { body: PARAMCONF_BODY, response: { 200: { type: 'object', properties: PARAMCONF_PROPS } } },
  save: {
    body: body({
      ...paramconfBodyProps,
      activeList: listOf({ type: 'object' }, 500),
      status: TEXT, remarks: strictText(4000), remark: strictText(4000), version: ID, signaturePassword: strictText(4096), signatureMeaning: strictText(300),
    }),
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
    body: body({}, { nullable: true }),
    response: { 200: { type: 'object', properties: { level1: INT, level2: INT, total: INT } } },
  },
};
