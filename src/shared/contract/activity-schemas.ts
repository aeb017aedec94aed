/**
 * Bodies and answers of the activity workflow (Level 1 and Level 2 lists and search, the Level 2 entry, the activity
 * buttons and parameter screens, submit / approve / revert, the approval queue). Ids may come as numbers or digit
 * strings, as the legacy client sends them. The answers are described in the endpoint summaries
 * (activity-endpoints.ts).
 */
import { EMPTY_BODY, ID, PAGE, WHOLE, body, listOf, strictText } from './body-schema';
import { BOOL, INT, N_INT, N_STR, STR, arrayOf, record } from './answer-schema';
import { declare, type Contract } from './contract';
import { ACTIVITY_ENDPOINTS as E } from './activity-endpoints';
import { PARAMCONF_BODY, PARAMCONF_PROPS, paramconfBodyProps } from './paramconf-schema';

const TEXT = strictText(200);

/** A row of the Level 1 / Level 2 lists (and of getacttransactionByid / getLevel2ActivityByid). */
const ROW_PROPS = {
  id: INT, srno: INT, sampleno: STR, samplenov: STR, isolatecode: STR, pncode: N_STR,
  approvalStatus: N_STR, status: STR, actid: N_INT, totalItems: INT, amended: BOOL,
};
const ROW = record(ROW_PROPS);
const list = { body: body({ ...PAGE, searchText: TEXT, level: TEXT, activitylevel: TEXT }, { nullable: true }), answer: arrayOf(ROW) };
/** The searches: countUpTo, and totalIsLowerBound on the rows (list-total.ts). */
const search = {
  body: body({ ...PAGE, searchText: TEXT, level: TEXT, activitylevel: TEXT, countUpTo: WHOLE }, { nullable: true }),
  answer: arrayOf(record({ ...ROW_PROPS, totalIsLowerBound: BOOL })),
};
const rowById = { body: body({ trnid: ID, id: ID }), answer: ROW };

/** The Level 2 entry: an isolate code. */
const isolateBody = body({ isolatecode: TEXT });

const buttons = {
  body: body({ samplenov: TEXT, sampleno: TEXT, pncode: TEXT, plantassesmentcode: TEXT, level: TEXT, activitylevel: TEXT }),
  answer: arrayOf(record({
    id: INT, shortname: STR, sequence: N_INT, status: N_STR, activityname: STR, activitylevel: STR, reportingmanager: STR,
    reportingmanagerid: N_INT, username: STR, userid: INT, trnid: N_INT, version: N_INT, remarks: N_STR, mode: STR, amended: BOOL,
  })),
};

/** Submit / approve / revert: the answer of a save, or of a refusal answered with HTTP 200 (message 'Error'). */
const save = {
  body: body({
    ...paramconfBodyProps,
    activeList: listOf({ type: 'object' }, 500),
    status: TEXT, remarks: strictText(4000), remark: strictText(4000), version: ID, signaturePassword: strictText(4096), signatureMeaning: strictText(300),
  }),
  answer: record({ message: STR, status: STR, trnid: INT, version: INT, reason: STR, code: INT, field: STR }),
};

export const ACTIVITY_CONTRACT = {
  getactitransctionhome: declare(E.getactitransctionhome, list),
  getSearchForactitransaction: declare(E.getSearchForactitransaction, search),
  getLevel2ActivityHome: declare(E.getLevel2ActivityHome, list),
  getSearchForLevel2actitransaction: declare(E.getSearchForLevel2actitransaction, search),
  findisolaecodeforplantassesment: declare(E.findisolaecodeforplantassesment, {
    body: isolateBody,
    answer: record({ pncode: STR, sampleno: STR, samplenov: STR, isolatecode: STR }),
  }),
  saveLevel2ActivityPlantassisscode: declare(E.saveLevel2ActivityPlantassisscode, {
    body: isolateBody,
    answer: record({ statuss: STR, message: STR, pncode: STR, id: INT }),
  }),
  getacttransactionByid: declare(E.getacttransactionByid, rowById),
  getLevel2ActivityByid: declare(E.getLevel2ActivityByid, rowById),
  getactivityforparamconf: declare(E.getactivityforparamconf, buttons),
  getlvl2activityforparamconf: declare(E.getlvl2activityforparamconf, buttons),
  getLvl2Paramconf: declare(E.getLvl2Paramconf, { body: PARAMCONF_BODY, answer: record(PARAMCONF_PROPS) }),
  saveActivities: declare(E.saveActivities, save),
  saveActivityParameters: declare(E.saveActivityParameters, save),
  saveLvl2Activities: declare(E.saveLvl2Activities, save),
  getApprovalQueue: declare(E.getApprovalQueue, {
    body: list.body,
    answer: arrayOf(record({
      trnid: INT, srno: INT, actid: INT, shortname: STR, activityname: STR, activitylevel: STR, sequence: N_INT, sampleno: STR,
      samplenov: STR, isolatecode: STR, pncode: N_STR, submitterid: INT, submitter: STR, submittedAt: STR, version: INT, totalItems: INT,
      amended: BOOL,
    })),
  }),
  getApprovalCounts: declare(E.getApprovalCounts, { body: EMPTY_BODY, answer: record({ level1: INT, level2: INT, total: INT }) }),
} satisfies Record<keyof typeof E, Contract>;
