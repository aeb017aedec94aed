import type { SignatureInfo } from './signatures';
import type { EndpointSpec } from './endpoints';
import { CAPPED_LIST_TOTAL } from './list-total';
import type { LegacyParameterRow } from '../parameters/parameter-config';
import type { ActivityAction, ActivityStatus, ClientStatus, StoredStatus } from '../workflow/transitions';

/**
 * Level 1 and Level 2 activity transactions (spec 001 sections 2-8) and the managers' approval queue.
 * Served by server/modules/activities. Payload and answer shapes the spec does not show are ours and are
 * described in the summaries (they feed the OpenAPI at /api/docs).
 *
 * Choices where the spec says "not shown" (recorded here, the one place):
 * - The caller is the session's user. `userID` in a body is accepted and ignored (no acting for another user).
 * - "The caller's activities" on an isolate (Level 1) or plant assessment (Level 2) are the active activity
 *   types of that level the caller has access to (user activity access), plus the transactions of that level
 *   submitted to the caller (reporting manager). An activity without a transaction counts as not submitted.
 * - List rows are one per isolate (Level 1) or per plant assessment (Level 2), newest first (id descending),
 *   10 per page. Owner view: every active isolate (plant assessment) when the caller has access to an activity
 *   of that level; manager view: those with a transaction of that level submitted to the caller; top role: all.
 * - approvalStatus summarises the caller's activities there: 'R' if any is reverted, else null if any is not
 *   submitted, else 'S' if any is waiting for approval, else 'A' (all approved; null when there are none).
 *   `status` is the same in the client's spelling ('Y' for null).
 * - A row's `id` is the isolate id (Level 1) or the plant assessment id (Level 2); getacttransactionByid and
 *   getLevel2ActivityByid take that id as `trnid` and answer the row. `actid` is the activity to open first:
 *   the first (screen order) waiting for the caller's approval, else the first of the caller's activities.
 * - Plant assessment codes are 'PA' + 6 digits from a sequence; findisolaecodeforplantassesment previews the
 *   next code without taking it (a concurrent save may take it: the save answers the code it really got).
 * - Saves: status 'S' submit (owner), 'A' approve, 'R' revert (reporting manager). The first submit creates the
 *   transaction and makes the caller its owner; reporting_manager is the owner's reporting manager at submit
 *   time. Owner actions need edit on that activity (user activity access); manager actions need the role's
 *   approve flag. version (optional) is the transaction version read; a stale one answers 409.
 * - A resubmit clears the revert remark (the audit trail keeps it); an approve keeps its comment as remark.
 */
export const ACTIVITY_ENDPOINTS = {
  getactitransctionhome: {
    group: 'transaction', name: 'getactitransctionhome', auth: 'session', permission: 'view',
    summary: "Level 1 list: {pageno}. Rows {id (isolate id), srno, sampleno, samplenov, isolatecode, pncode: null, approvalStatus, status, actid, totalItems}, 10 per page, newest isolate first. The isolates the caller works on (owner view) or that have Level 1 activities submitted to the caller (manager). approvalStatus: 'R' if any of the caller's activities there is reverted, else null if any is not submitted, else 'S' if any waits, else 'A'.",
  },
  getSearchForactitransaction: {
    group: 'transaction', name: 'getSearchForactitransaction', auth: 'session', permission: 'view',
    summary: `Level 1 search: {pageno, searchText, countUpTo?}: the rows of getactitransctionhome whose sample code, sample code version or isolate code contains searchText (case-insensitive; empty text = the whole list, its total always exact). ${CAPPED_LIST_TOTAL}`,
  },
  getLevel2ActivityHome: {
    group: 'transaction', name: 'getLevel2ActivityHome', auth: 'session', permission: 'view',
    summary: 'Level 2 list: {pageno}. Rows {id (plant assessment id), srno, sampleno, samplenov, isolatecode, pncode, approvalStatus, status, actid, totalItems}, one per plant assessment, newest first; approvalStatus as in Level 1 over the Level 2 activities.',
  },
  getSearchForLevel2actitransaction: {
    group: 'transaction', name: 'getSearchForLevel2actitransaction', auth: 'session', permission: 'view',
    summary: `Level 2 search: {pageno, searchText, countUpTo?}: the rows of getLevel2ActivityHome whose sample code, sample code version, isolate code or plant assessment code contains searchText (empty text = the whole list, its total always exact). ${CAPPED_LIST_TOTAL}`,
  },
  findisolaecodeforplantassesment: {
    group: 'transaction', name: 'findisolaecodeforplantassesment', auth: 'session', permission: 'view',
    summary: "Level 2 entry: {isolatecode} -> {pncode (the next plant assessment code, a preview), sampleno, samplenov, isolatecode}. 400 'Please Enter Isolate Code' when empty; 404 with a plain sentence when no active isolate has that code.",
  },
  saveLevel2ActivityPlantassisscode: {
    group: 'transaction', name: 'saveLevel2ActivityPlantassisscode', auth: 'session', permission: 'add',
    summary: "Creates a plant assessment of the isolate {isolatecode}; its code comes from a sequence inside the transaction (unique under concurrent saves). Answer {statuss: 'Success', message: pncode, pncode, id}. 400 / 404 as findisolaecodeforplantassesment.",
  },
  getacttransactionByid: {
    group: 'master', name: 'getacttransactionByid', auth: 'session', permission: 'view',
    summary: 'One Level 1 list row: {trnid (the isolate id of the row)} -> the row as in getactitransctionhome (srno 1, totalItems 1). 404 when there is no such isolate.',
  },
  getLevel2ActivityByid: {
    group: 'master', name: 'getLevel2ActivityByid', auth: 'session', permission: 'view',
    summary: 'One Level 2 list row: {trnid (the plant assessment id of the row)} -> the row as in getLevel2ActivityHome. 404 when there is no such plant assessment.',
  },
  getactivityforparamconf: {
    group: 'master', name: 'getactivityforparamconf', auth: 'session', permission: 'view',
    summary: "The activity buttons of the Level 1 parameter screen: {samplenov, activitylevel} -> [{id (activity), shortname, sequence, status (S/A/R or null), activityname, activitylevel, reportingmanager, reportingmanagerid, username, userid, trnid, version, remarks, mode}] in screen order: the caller's activities on that isolate (see the module notes). For a submitted activity reportingmanager is the manager it went to and username its owner; otherwise the caller's own reporting manager and name. mode: 'manager' when it waits for the caller's decision, 'owner' when the caller may edit or submit it, else 'view'.",
  },
  getlvl2activityforparamconf: {
    group: 'master', name: 'getlvl2activityforparamconf', auth: 'session', permission: 'view',
    summary: 'The activity buttons of the Level 2 parameter screen: {samplenov, activitylevel, pncode}: as getactivityforparamconf over the Level 2 activities of that plant assessment.',
  },
  getLvl2Paramconf: {
    group: 'master', name: 'getLvl2Paramconf', auth: 'session', permission: 'view',
    summary: 'A Level 2 activity of a plant assessment: {id (activity), samplenov, sampleno, pncode} -> the parameter configuration plus the transaction state, as getParamconf with a samplenov.',
  },
  saveActivities: {
    group: 'master', name: 'saveActivities', auth: 'session', permission: 'edit', permissionOnUpdate: 'approve',
    summary: "Level 1 submit / approve / revert: {actid (or id, activityID), samplenov, sampleno, activeList [{id or shortname, inputvalue (or input)}], status 'S'|'A'|'R', remarks, version?}. Answer {message: 'Success', status, trnid, version}. A refusal is HTTP 200 {message: 'Error', reason, code, field?} (the legacy client shows 'Please Check Again!'), reason being the plain sentence and code the HTTP status it stands for: 400 'Please Write a Remark of Revert!' for a revert without remark, the value's own message when a submitted value breaks its configuration (field: the short name; nothing stored), the owner without a reporting manager; 403 not the owner / not the reporting manager / approving one's own submission / no access to the activity / no edit flag / role without approve; 404 no such activity; 409 an illegal transition or a stale version (exactly one of a racing approve and revert wins). A body of the wrong shape (a type its schema refuses) and a missing or wrong signature of an approval or reversion stay 400 / 403 {message}.",
  },
  saveActivityParameters: {
    group: 'master', name: 'saveActivityParameters', auth: 'session', permission: 'edit', permissionOnUpdate: 'approve',
    summary: 'The same as saveActivities (Level 1).',
  },
  saveLvl2Activities: {
    group: 'master', name: 'saveLvl2Activities', auth: 'session', permission: 'edit', permissionOnUpdate: 'approve',
    summary: 'Level 2 submit / approve / revert: as saveActivities, for the activity of the plant assessment pncode (samplenov, when sent, must be its isolate).',
  },
  getApprovalQueue: {
    group: 'transaction', name: 'getApprovalQueue', auth: 'session', permission: 'view',
    summary: "The caller's approval queue (name not in the spec): {pageno, level? ('Level 1' | 'Level 2')} -> rows {trnid, srno, actid, shortname, activityname, activitylevel, sequence, sampleno, samplenov, isolatecode, pncode, submitterid, submitter, submittedAt, version, totalItems}: the activities submitted to the caller and waiting (status S), oldest submission first, 10 per page.",
  },
  getApprovalCounts: {
    group: 'transaction', name: 'getApprovalCounts', auth: 'session', permission: 'view',
    summary: "How many activities wait for the caller's approval (name not in the spec): {level1, level2, total}, for the shell badge.",
  },
} as const satisfies Record<string, EndpointSpec>;

export type ActivityEndpointName = keyof typeof ACTIVITY_ENDPOINTS;

export const ACTIVITY_PAGE_SIZE = 10;

/** Plant assessment codes: 'PA' + 6 digits (the demo lab uses the same). */
export const pncodeOf = (n: number): string => `PA${String(n).padStart(6, '0')}`;

/** Plain sentences of the refusals (the spec's own texts live in shared/workflow WORKFLOW_MSG). */
export const ACTIVITY_MSG = {
  notOwner: 'Only the owner of this activity may submit it.',
  notManager: 'Only the reporting manager this activity was submitted to may approve or revert it.',
  ownSubmission: 'You cannot approve or revert your own submission.',
  noAccess: 'You have no access to this activity.',
  noEdit: 'Your access to this activity does not allow editing.',
  noApprove: 'Your role does not allow approving or reverting activities.',
  noReportingManager: 'You have no reporting manager to submit to. Please ask the administrator to set one.',
  illegal: (from: StoredStatus, action: ActivityAction) =>
    `This activity is ${from === null ? 'not submitted' : from === 'S' ? 'submitted' : from === 'A' ? 'approved' : 'reverted'}; it cannot be ${action === 'submit' ? 'submitted' : action === 'approve' ? 'approved' : 'reverted'} now. Please reload.`,
  stale: 'This activity was changed by someone else meanwhile. Please reload.',
  status: "Please send the status: 'S' (submit), 'A' (approve) or 'R' (revert).",
  remarkMax: 'The remark must be at most 200 characters.',
  activity: 'Please send the activity (actid).',
  samplenov: 'Please send the sample code version (samplenov).',
  pncode: 'Please send the plant assessment code (pncode).',
} as const;

// ---- request and answer shapes ------------------------------------------------------------------

export type ActivityLevel = 'Level 1' | 'Level 2';

/** getactitransctionhome, getSearchForactitransaction, getLevel2ActivityHome, getSearchForLevel2actitransaction */
export interface ActivityListRequest {
  pageno?: number | string;
  userID?: unknown;
  searchText?: string;
  /** The searches: count the matches only up to this many (see ActivityListRow.totalIsLowerBound). */
  countUpTo?: number;
}

/** A row of the Level 1 / Level 2 lists (and getacttransactionByid / getLevel2ActivityByid). */
export interface ActivityListRow {
  /** Level 1: the isolate id; Level 2: the plant assessment id. */
  id: number;
  srno: number;
  sampleno: string;
  samplenov: string;
  isolatecode: string;
  /** Level 2 only (null at Level 1). */
  pncode: string | null;
  approvalStatus: StoredStatus;
  /** approvalStatus in the client's spelling ('Y' for none). */
  status: ClientStatus;
  /** The activity to open first (null when the caller has none there). */
  actid: number | null;
  totalItems: number;
  /** A search asked with countUpTo: true when there are more matches than countUpTo (totalItems is then countUpTo + 1, a lower bound). */
  totalIsLowerBound?: boolean;
  /** One of its approved activities rests on data amended after the approval ('Data amended after approval'). */
  amended?: boolean;
}

export interface ActivityRowByIdRequest { trnid: number | string }

export interface PlantAssessmentRequest { isolatecode: string; userID?: unknown }
export interface PlantAssessmentPreview { pncode: string; sampleno: string; samplenov: string; isolatecode: string }
export interface PlantAssessmentSaveAnswer { statuss: 'Success'; message: string; pncode: string; id: number }

/** getactivityforparamconf, getlvl2activityforparamconf */
export interface ActivityButtonsRequest { samplenov: string; activitylevel?: string; userID?: unknown; pncode?: string }

/** What the caller may do with an activity: decide it (manager), edit and submit it (owner), or only look. */
export type ActivityMode = 'owner' | 'manager' | 'view';

export interface ActivityButton {
  /** The activity type id. */
  id: number;
  shortname: string;
  sequence: number | null;
  status: StoredStatus;
  activityname: string;
  activitylevel: ActivityLevel;
  /** The manager it was submitted to; before a submit, the caller's own reporting manager ('' when none). */
  reportingmanager: string;
  reportingmanagerid: number | null;
  /** The owner's name (before a submit: the caller's). */
  username: string;
  userid: number;
  /** The transaction id, null before the first save. */
  trnid: number | null;
  version: number | null;
  remarks: string | null;
  mode: ActivityMode;
  /** Approved, and data it rests on was amended since: its manager decides again. */
  amended?: boolean;
}

/** getParamconf with samplenov (Level 1), getLvl2Paramconf (Level 2). */
export interface ParamconfRequest {
  id?: number | string;
  actid?: number | string;
  activityID?: number | string;
  userID?: unknown;
  sequence?: unknown;
  samplenov: string;
  sampleno?: string;
  activityname?: string;
  pncode?: string;
}

/** A configured parameter with the value recorded on this transaction (null when none). */
export type ParameterWithValue = LegacyParameterRow & {
  /** Text for text and master data, a number for numbers, 'YYYY-MM-DD' for dates, the label for a Boolean. */
  inputvalue: string | number | null;
};

export interface ParamconfWithTransaction {
  activity: { id: number; shortname: string; activityname: string; activitylevel: ActivityLevel; sequence: number | null; activeStatus: 'Y' | 'N' };
  actid: number;
  activityID: number;
  shortname: string;
  activityname: string;
  activitylevel: ActivityLevel;
  sequence: number | null;
  activeList: ParameterWithValue[];
  status: StoredStatus;
  sampleInward: { sampleno: string; samplenov: string; pncode: string | null; isolatecode: string };
  reportingmanager: string;
  reportingmanagerid: number | null;
  username: string;
  userid: number;
  remarks: string | null;
  /** The transaction's version (send it back on save); null before the first save. */
  version: number | null;
  trnid: number | null;
  mode: ActivityMode;
  /** The actions the caller may take now (the server decides; the screen enables its buttons from it). */
  allowed: ActivityAction[];
  /** The caller may edit the values (owner with the edit flag, status none or R). */
  canEdit: boolean;
  /** Approved, and data it rests on was amended since: its manager decides again. */
  amended?: boolean;
  /** The signed approvals and reversions of this activity, oldest first. */
  signatures?: SignatureInfo[];
}

/** A parameter value sent on save. */
export interface ActivityValueInput {
  id?: number;
  shortname?: string;
  inputvalue?: unknown;
  input?: unknown;
  [key: string]: unknown;
}

/** saveActivities, saveActivityParameters, saveLvl2Activities */
export interface ActivitySaveRequest {
  id?: number | string;
  actid?: number | string;
  activityID?: number | string;
  userID?: unknown;
  sequence?: unknown;
  samplenov?: string;
  sampleno?: string;
  activityname?: string;
  pncode?: string;
  activeList?: ActivityValueInput[];
  status: ActivityStatus;
  remarks?: string | null;
  version?: number | null;
  /** Approve (A) and revert (R) are electronic signatures: the signer's password, transport-encoded. */
  signaturePassword?: string;
  /** One of SIGNATURE_MEANING's texts, as shown to the signer. */
  signatureMeaning?: string;
}

export interface ActivitySaveAnswer { message: 'Success'; status: ActivityStatus; trnid: number; version: number }
/**
 * A refused save, answered with HTTP 200 as the legacy client reads it (message 'Error': it shows 'Please Check
 * Again!'): `reason` is the plain sentence, `code` the HTTP status the refusal stands for (400 a value or the
 * request, 403 not allowed, 404 not found, 409 a stale version or an illegal transition), `field` the value at fault.
 * A missing or wrong electronic signature stays a 400 / 403: only this product's screens can sign.
 */
export interface ActivitySaveRefusal { message: 'Error'; reason: string; code: number; field?: string }
export type ActivitySaveResult = ActivitySaveAnswer | ActivitySaveRefusal;

/** getApprovalQueue */
export interface ApprovalQueueRequest { pageno?: number | string; level?: ActivityLevel; userID?: unknown }

export interface ApprovalQueueRow {
  trnid: number;
  srno: number;
  actid: number;
  shortname: string;
  activityname: string;
  activitylevel: ActivityLevel;
  sequence: number | null;
  sampleno: string;
  samplenov: string;
  isolatecode: string;
  pncode: string | null;
  submitterid: number;
  submitter: string;
  /** ISO 8601 (UTC). */
  submittedAt: string;
  version: number;
  totalItems: number;
  /** An approval whose data was amended since ('Data amended after approval'), not a new submission. */
  amended?: boolean;
}

export interface ApprovalCounts { level1: number; level2: number; total: number }
