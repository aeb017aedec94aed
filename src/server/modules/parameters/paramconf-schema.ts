/**
 * The answer of getParamconf / getLvl2Paramconf: an activity's parameter configuration with the state of its
 * transaction for an isolate. Kept with the parameters (the configuration is theirs); the activity workflow
 * fills in the transaction part and imports it from here, so the two modules do not import each other.
 */
import { ID, body, strictText } from '../../../shared/contract/body-schema';

const PARAMCONF_TEXT = strictText(200);
const INT = { type: 'integer' };
const N_INT = { type: ['integer', 'null'] };
const STR = { type: 'string' };
const N_STR = { type: ['string', 'null'] };

const activityObject = {
  type: 'object',
  properties: { id: INT, shortname: STR, activityname: STR, activitylevel: STR, sequence: N_INT, activeStatus: STR },
};

export const PARAMCONF_PROPS = {
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


/** The body of getParamconf / getLvl2Paramconf: which activity, for which isolate (and plant assessment). */
export const paramconfBodyProps = {
  id: ID, actid: ID, activityID: ID, sequence: ID, samplenov: PARAMCONF_TEXT, sampleno: PARAMCONF_TEXT, activityname: PARAMCONF_TEXT,
  pncode: PARAMCONF_TEXT, plantassesmentcode: PARAMCONF_TEXT,
};
export const PARAMCONF_BODY = body(paramconfBodyProps);
