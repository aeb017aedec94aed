import { bodyOf } from '../../lib/body';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import {
  ACTIVITY_MSG, ACTIVITY_PAGE_SIZE,
  type ActivityButton, type ActivityLevel, type ActivityListRow, type ActivityMode, type ParamconfWithTransaction, type ParameterWithValue,
} from '../../../shared/contract/activity-endpoints';
import { toLegacyParameter, type StoredParameter } from '../../../shared/parameters';
import { allowedActions, toClientStatus, type ActivityAction, type StoredStatus } from '../../../shared/workflow';
import type { Flags } from '../../lib/permissions';
import { HttpError } from '../../plugins/errors';
import { firstGiven, pageOf as pageOfValue, requireId as requireGivenId, textOf } from '../../lib/body';
import { SESSION_CACHE_MS } from '../../plugins/session';
import { changesTo, commitCache } from '../../lib/commit-cache';
import { signaturesOf } from '../../lib/signatures';
import { activitiesAccessibleTo, type AccessibleActivity } from '../users/user-access-repository';
import { activeParameters, findActivity } from '../parameters/parameter-repository';
import {
  activityTypes, isolateTarget, listEntities, plantAssessmentTarget, transactionsOn, userWithManager, valuesOf,
  type ActivityTypeRef, type Target, type TransactionState, type TransactionView,
} from './activity-repository';

/**
 * The reads of the activity workflow: who the caller is for a level (their accessible activities and
 * role flags), the list rows with their approval summary, the activity buttons and the parameter screen
 * state. The choices are documented in shared/contract/activity-endpoints.ts.
 */
type Db = Kysely<Database> | Transaction<Database>;
type Body = Record<string, unknown> | null | undefined;

export interface Caller {
  id: number;
  flags: Flags;
  level: ActivityLevel;
  access: Map<number, AccessibleActivity>;
}

/**
 * A caller's accessible activities of a level, read on every activity call: kept like the session
 * (plugins/session.ts) for SESSION_CACHE_MS, and dropped by any committed change to users (their access, their
 * status), activity types or workflow roles, so a grant or revoke applies at the next call in this server
 * process. Inside a transaction (a save) it is always read from the database.
 */
const accessCache = commitCache<AccessibleActivity[]>({
  name: 'activity access', maxAgeMs: SESSION_CACHE_MS, maxEntries: 10_000, dropOn: changesTo('user', 'activity_type', 'workflow_role'),
});

export async function callerFor(req: FastifyRequest, level: ActivityLevel, db: Db = req.server.db): Promise<Caller> {
  const auth = req.auth;
  if (!auth) throw new HttpError(401, 'login again');
  const list = await accessCache.get(db, `${auth.userId}|${level}`, () => activitiesAccessibleTo(db, auth.userId, { level }));
  return { id: auth.userId, flags: auth.flags, level, access: new Map(list.map((a) => [a.activityId, a])) };
}

// ---- body reading --------------------------------------------------------------------------------

export { textOf };

/** An id a call needs, under the first of its legacy names that holds one; `missing` when none does. */
export function requireId(body: Body, names: readonly string[], missing: string): number {
  return requireGivenId(firstGiven(body ?? {}, names), names[0], missing);
}

export const pageOf = (body: Body): number => pageOfValue(body?.pageno);

export function levelOf(body: Body): ActivityLevel | undefined {
  const v = textOf(body?.level ?? body?.activitylevel).toLowerCase().replace(/\s+/g, '');
  if (v === 'level1' || v === '1') return 'Level 1';
  if (v === 'level2' || v === '2') return 'Level 2';
  return undefined;
}

/** The target of a request: the isolate samplenov (Level 1) or the plant assessment pncode (Level 2). */
export async function targetOf(db: Db, level: ActivityLevel, body: Body): Promise<Target> {
  const samplenov = textOf(body?.samplenov);
  if (level === 'Level 1') {
    if (!samplenov) throw new HttpError(400, ACTIVITY_MSG.samplenov);
    const t = await isolateTarget(db, samplenov);
    if (!t) throw new HttpError(404, `There is no isolate with the sample code version ${samplenov}.`);
    return t;
  }
  const pncode = textOf(body?.pncode ?? body?.plantassesmentcode);
  if (!pncode) throw new HttpError(400, ACTIVITY_MSG.pncode);
  const t = await plantAssessmentTarget(db, pncode);
  if (!t) throw new HttpError(404, `There is no plant assessment with the code ${pncode}.`);
  if (samplenov && samplenov !== t.samplenov) throw new HttpError(400, `The plant assessment ${pncode} belongs to ${t.samplenov}, not to ${samplenov}.`);
  return t;
}

// ---- the caller's activities on a target ---------------------------------------------------------

interface CallerActivity<T extends TransactionState = TransactionView> { type: ActivityTypeRef; t: T | undefined }

const screenOrder = (a: ActivityTypeRef, b: ActivityTypeRef) =>
  (a.sequence ?? Number.MAX_SAFE_INTEGER) - (b.sequence ?? Number.MAX_SAFE_INTEGER) ||
  a.shortname.toLowerCase().localeCompare(b.shortname.toLowerCase()) ||
  a.id - b.id;

/** Per target id: the caller's activities there (accessible ones and those submitted to the caller), in screen order. */
async function callerActivities<T extends TransactionState>(
  db: Db, caller: Caller, targetIds: readonly number[], read: (db: Db, level: ActivityLevel, ids: readonly number[]) => Promise<T[]>, opts: { all?: boolean } = {},
): Promise<Map<number, Array<CallerActivity<T>>>> {
  const txs = await read(db, caller.level, targetIds);
  const typeIds = new Set<number>([...caller.access.keys(), ...txs.map((t) => t.activityTypeId)]);
  // The level's types in screen order, sorted once for every target (a page's rows share them; localeCompare per row
  // was a visible share of a Level 1 page's server time).
  const types = (await activityTypes(db, [...typeIds])).filter((a) => a.level === caller.level).sort(screenOrder);
  const out = new Map<number, Array<CallerActivity<T>>>();
  for (const id of targetIds) {
    const here = txs.filter((t) => (caller.level === 'Level 2' ? t.plantAssessmentId : t.isolateId) === id);
    const byType = new Map(here.map((t) => [t.activityTypeId, t]));
    const chosen = new Set<number>(caller.access.keys());
    for (const t of here) if (t.reportingManagerId === caller.id || opts.all) chosen.add(t.activityTypeId);
    const list: Array<CallerActivity<T>> = [];
    for (const type of types) {
      const t = byType.get(type.id);
      if (chosen.has(type.id) && (type.active === 'Y' || t !== undefined)) list.push({ type, t });
    }
    out.set(id, list);
  }
  return out;
}

/** 'R' if any is reverted, else null if any is not submitted, else 'S' if any waits, else 'A' (null when none). */
export function summarise(statuses: readonly StoredStatus[]): StoredStatus {
  if (statuses.length === 0) return null;
  if (statuses.includes('R')) return 'R';
  if (statuses.includes(null)) return null;
  if (statuses.includes('S')) return 'S';
  return 'A';
}

const waitsFor = (caller: Caller, x: CallerActivity<TransactionState>) => (x.t?.status === 'S' || x.t?.amended === true) && x.t.reportingManagerId === caller.id;

/** The list rows (a page, or the one row `onlyId`); a search with `countUpTo` may answer a lower bound of its total (lib/paging.ts). */
export async function listRows(db: Db, caller: Caller, opts: { page: number; search?: string; onlyId?: number; countUpTo?: number | null }): Promise<ActivityListRow[]> {
  const limit = opts.onlyId === undefined ? ACTIVITY_PAGE_SIZE : 1;
  const offset = opts.onlyId === undefined ? (opts.page - 1) * ACTIVITY_PAGE_SIZE : 0;
  const seesAll = caller.access.size > 0 || caller.flags.toprole;
  const entities = await listEntities(db, {
    level: caller.level, callerId: caller.id, seesAll, search: opts.search, onlyId: opts.onlyId, limit, offset, countUpTo: opts.countUpTo,
  });
  const acts = await callerActivities(db, caller, entities.map((e) => e.id), async () => entities.flatMap((e) => e.states));
  return entities.map((e, i) => {
    const mine = acts.get(e.id) ?? [];
    const approvalStatus = summarise(mine.map((x) => x.t?.status ?? null));
    const first = mine.find((x) => waitsFor(caller, x)) ?? mine[0];
    return {
      id: e.id, srno: offset + i + 1, sampleno: e.sampleno, samplenov: e.samplenov, isolatecode: e.isolatecode, pncode: e.pncode,
      approvalStatus, status: toClientStatus(approvalStatus), actid: first?.type.id ?? null, totalItems: e.total,
      // Absent unless the call asked for a capped total (the answer's schema leaves an undefined property out); one
      // shape for every row (a conditional spread cost a page a visible share of its time; bench/history.md).
      totalIsLowerBound: e.lowerBound,
      amended: mine.some((x) => x.t?.amended === true),
    };
  });
}

// ---- the state of one activity for the caller ----------------------------------------------------

export interface ActivityState {
  mode: ActivityMode;
  allowed: ActivityAction[];
  canEdit: boolean;
  reportingmanager: string;
  reportingmanagerid: number | null;
  username: string;
  userid: number;
}

/** What the caller may do with an activity (the transition table, the access flags and the role's approve flag). */
export async function stateFor(db: Db, caller: Caller, activityTypeId: number, t: TransactionView | undefined): Promise<ActivityState> {
  const access = caller.access.get(activityTypeId);
  const allowed = allowedActions({
    status: t?.status ?? null, ownerId: t?.ownerId ?? null, reportingManagerId: t?.reportingManagerId ?? null, callerId: caller.id, amended: t?.amended,
  }).filter((a) => (a === 'submit' ? Boolean(access?.flags.edit) : caller.flags.approve));
  const mode: ActivityMode = allowed.includes('approve') ? 'manager' : allowed.includes('submit') ? 'owner' : 'view';
  // Before a submit the names are the would-be owner's (the caller, or the draft's owner) and their manager.
  let manager: { id: number | null; name: string };
  let owner: { id: number; name: string };
  if (t && t.status !== null) {
    manager = { id: t.reportingManagerId, name: t.reportingManagerName ?? '' };
    owner = { id: t.ownerId, name: t.ownerName };
  } else {
    const u = await userWithManager(db, t?.ownerId ?? caller.id);
    manager = { id: u?.managerId ?? null, name: u?.managerName ?? '' };
    owner = { id: u?.id ?? caller.id, name: u?.name ?? '' };
  }
  return {
    mode, allowed, canEdit: allowed.includes('submit'),
    reportingmanager: manager.name, reportingmanagerid: manager.id, username: owner.name, userid: owner.id,
  };
}

/** The activity buttons of a parameter screen. */
export async function activityButtons(db: Db, caller: Caller, target: Target): Promise<ActivityButton[]> {
  const id = caller.level === 'Level 2' ? (target.plantAssessmentId as number) : target.isolateId;
  const list = (await callerActivities(db, caller, [id], transactionsOn, { all: caller.flags.toprole })).get(id) ?? [];
  const out: ActivityButton[] = [];
  for (const x of list) {
    const s = await stateFor(db, caller, x.type.id, x.t);
    out.push({
      id: x.type.id, shortname: x.type.shortname, sequence: x.type.sequence, status: x.t?.status ?? null, activityname: x.type.name,
      activitylevel: x.type.level, reportingmanager: s.reportingmanager, reportingmanagerid: s.reportingmanagerid, username: s.username,
      userid: s.userid, trnid: x.t?.id ?? null, version: x.t?.version ?? null, remarks: x.t?.remark ?? null, mode: s.mode,
      amended: x.t?.amended ?? false,
    });
  }
  return out;
}

/** A stored value as the screen shows it. */
function inputValueOf(p: StoredParameter, v: { text: string | null; number: number | null; date: string | null } | undefined): string | number | null {
  if (!v) return null;
  if (p.unitType === 'Integer' || p.unitType === 'Float') return v.number;
  if (p.unitType === 'Date') return v.date;
  return v.text;
}

/** getParamconf with a samplenov / getLvl2Paramconf: the configuration and the transaction state. */
export async function paramconfWithTransaction(req: FastifyRequest, level: ActivityLevel): Promise<ParamconfWithTransaction> {
  const body = bodyOf(req);
  const db = req.server.db;
  const actId = requireId(body, ['id', 'actid', 'activityID'], ACTIVITY_MSG.activity);
  const activity = await findActivity(db, actId);
  if (!activity) throw new HttpError(404, `There is no Activity Type with id ${actId}.`);
  if (activity.level !== level) throw new HttpError(400, `${activity.name} is a ${activity.level} activity.`);
  const caller = await callerFor(req, level);
  const target = await targetOf(db, level, body);
  const txs = await transactionsOn(db, level, [level === 'Level 2' ? (target.plantAssessmentId as number) : target.isolateId]);
  const t = txs.find((x) => x.activityTypeId === actId);
  if (!caller.access.has(actId) && t?.reportingManagerId !== caller.id && !caller.flags.toprole) throw new HttpError(403, ACTIVITY_MSG.noAccess);
  const params = await activeParameters(db, actId);
  const values = new Map((t ? await valuesOf(db, t.id) : []).map((v) => [v.parameterId, v]));
  const ref = { id: activity.id, shortname: activity.shortname, activityname: activity.name, activitylevel: activity.level };
  const activeList: ParameterWithValue[] = params.map((p) => ({ ...toLegacyParameter(p, ref), inputvalue: inputValueOf(p, values.get(p.id)) }));
  const s = await stateFor(db, caller, actId, t);
  return {
    activity: { ...ref, sequence: activity.sequence, activeStatus: activity.active },
    actid: activity.id,
    activityID: activity.id,
    shortname: activity.shortname,
    activityname: activity.name,
    activitylevel: activity.level,
    sequence: activity.sequence,
    activeList,
    status: t?.status ?? null,
    sampleInward: { sampleno: target.sampleno, samplenov: target.samplenov, pncode: target.pncode, isolatecode: target.isolatecode },
    reportingmanager: s.reportingmanager,
    reportingmanagerid: s.reportingmanagerid,
    username: s.username,
    userid: s.userid,
    remarks: t?.remark ?? null,
    version: t?.version ?? null,
    trnid: t?.id ?? null,
    mode: s.mode,
    allowed: s.allowed,
    canEdit: s.canEdit,
    amended: t?.amended ?? false,
    signatures: t ? ((await signaturesOf(db, [t.id])).get(t.id) ?? []) : [],
  };
}
