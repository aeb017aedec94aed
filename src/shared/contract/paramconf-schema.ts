/**
 * The body and answer of getParamconf / getLvl2Paramconf: an activity's parameter configuration with the state of
 * its transaction for an isolate. Shared by the parameter contract (getParamconf, parameter-schemas.ts) and the
 * activity contract (getLvl2Paramconf, activity-schemas.ts), so the two do not import each other.
 */
import { ID, body, strictText, typed } from './body-schema';
import { BOOL, INT, N_INT, N_STR, STR, arrayOf, record } from './answer-schema';

const PARAMCONF_TEXT = strictText(200);

export const PARAMCONF_PROPS = {
  activity: record({ id: INT, shortname: STR, activityname: STR, activitylevel: STR, sequence: N_INT, activeStatus: STR }),
  actid: INT,
  activityID: INT,
  shortname: STR,
  activityname: STR,
  activitylevel: STR,
  sequence: N_INT,
  activeList: arrayOf(typed<Record<string, unknown>>({ type: 'object', additionalProperties: true })),
  status: N_STR,
  sampleInward: record({ sampleno: STR, samplenov: STR, pncode: N_STR, isolatecode: STR }),
  reportingmanager: STR,
  reportingmanagerid: N_INT,
  username: STR,
  userid: INT,
  remarks: N_STR,
  version: N_INT,
  trnid: N_INT,
  mode: STR,
  allowed: arrayOf(STR),
  canEdit: BOOL,
  amended: BOOL,
  signatures: arrayOf(record({ name: STR, username: STR, at: STR, action: STR, meaning: STR, hash: STR, valid: BOOL })),
};

/** The body of getParamconf / getLvl2Paramconf: which activity, for which isolate (and plant assessment). */
export const paramconfBodyProps = {
  id: ID, actid: ID, activityID: ID, sequence: ID, samplenov: PARAMCONF_TEXT, sampleno: PARAMCONF_TEXT, activityname: PARAMCONF_TEXT,
  pncode: PARAMCONF_TEXT, plantassesmentcode: PARAMCONF_TEXT,
};
export const PARAMCONF_BODY = body(paramconfBodyProps);
