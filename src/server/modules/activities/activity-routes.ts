import { bodyOf, countUpToOf } from '../../lib/body';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ACTIVITY_PAGE_SIZE, type ActivityLevel, type ActivitySaveResult, type ApprovalCounts, type ApprovalQueueRow,
  type ParamconfWithTransaction,
} from '../../../shared/contract/activity-endpoints';
import { HttpError } from '../../plugins/errors';
import { keptAnswer } from '../../lib/kept-answers';
import { fullName } from '../users/user-access-repository';
import { approvalCounts, approvalQueue, isolateTarget } from './activity-repository';
import { saveActivity } from './activity-save';
import {
  activityButtons, callerFor, levelOf, listRows, pageOf, paramconfWithTransaction, requireId, targetOf, textOf,
} from './activity-service';
import { previewPlantAssessment, savePlantAssessment } from './plant-assessment';
import { ACTIVITY_CONTRACT as C } from '../../../shared/contract/activity-schemas';

/**
 * The activity workflow's routes (spec 001 sections 2-8): Level 1 and Level 2 lists and search, the Level 2
 * entry (plant assessment codes), the activity buttons and parameter screens (getParamconf with a samplenov
 * is answered from here through server/modules/parameters), submit / approve / revert, and the managers'
 * approval queue. The contract and its "not shown" choices: shared/contract/activity-endpoints.ts.
 */

const list = (level: ActivityLevel, search: boolean) => async (req: FastifyRequest) => {
  const body = bodyOf(req);
  // Read first: a bad countUpTo is refused before anything else is done.
  const countUpTo = search ? countUpToOf(body.countUpTo) : null;
  const caller = await callerFor(req, level);
  return listRows(req.server.db, caller, { page: pageOf(body), search: search ? textOf(body?.searchText) : undefined, countUpTo });
};

const rowById = (level: ActivityLevel) => async (req: FastifyRequest) => {
  const id = requireId(bodyOf(req), ['trnid', 'id'], 'Please send the id of the row (trnid).');
  const caller = await callerFor(req, level);
  const [row] = await listRows(req.server.db, caller, { page: 1, onlyId: id });
  if (!row) throw new HttpError(404, level === 'Level 1' ? `There is no isolate with id ${id} in your list.` : `There is no plant assessment with id ${id} in your list.`);
  return row;
};

const buttons = (level: ActivityLevel) => async (req: FastifyRequest) => {
  const body = bodyOf(req);
  const asked = levelOf(body);
  if (asked && asked !== level) throw new HttpError(400, `This call answers the ${level} activities.`);
  const caller = await callerFor(req, level);
  const target = await targetOf(req.server.db, level, body);
  return activityButtons(req.server.db, caller, target);
};

/** Refusals about the electronic signature: only this product's screens can sign, so they stay 4xx. */
const SIGNATURE_FIELDS: ReadonlySet<unknown> = new Set(['signaturePassword', 'signatureMeaning']);

/**
 * The legacy client reads a refused activity save as HTTP 200 with message 'Error' (it then shows 'Please Check
 * Again!'; spec 001 sections 7 and 8), so a refusal of the save is answered that way with its sentence in
 * `reason`. A body its schema refuses (a wrong type, as no legacy client sends) stays a 400 naming the field.
 */
const savedOrRefused = (level: ActivityLevel) => async (req: FastifyRequest): Promise<ActivitySaveResult> => {
  try {
    return await saveActivity(req, level);
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode < 400 || err.statusCode === 401 || err.statusCode >= 500 || SIGNATURE_FIELDS.has(err.extra.field)) throw err;
    const field = typeof err.extra.field === 'string' ? { field: err.extra.field } : {};
    return { message: 'Error', reason: err.message, code: err.statusCode, ...field };
  }
};

async function queue(req: FastifyRequest): Promise<ApprovalQueueRow[]> {
  const body = bodyOf(req);
  const page = pageOf(body);
  const offset = (page - 1) * ACTIVITY_PAGE_SIZE;
  const rows = await approvalQueue(req.server.db, req.auth?.userId as number, { level: levelOf(body), limit: ACTIVITY_PAGE_SIZE, offset });
  return rows.map((r, i) => ({
    trnid: r.id, srno: offset + i + 1, actid: r.activity_type_id, shortname: r.shortname, activityname: r.name, activitylevel: r.level,
    sequence: r.sequence, sampleno: r.sampleno, samplenov: r.samplenov, isolatecode: r.isolatecode, pncode: r.pncode ?? null,
    submitterid: r.owner_id, submitter: fullName(r), submittedAt: new Date(r.submitted_at ?? 0).toISOString(), version: r.version,
    totalItems: Number(r.total), amended: r.status === 'A' && r.amended_at !== null,
  }));
}

async function counts(req: FastifyRequest): Promise<ApprovalCounts> {
  const c = await approvalCounts(req.server.db, req.auth?.userId as number);
  return { ...c, total: c.level1 + c.level2 };
}

export function activityRoutes(app: FastifyInstance): void {
  app.endpoint(C.getactitransctionhome, keptAnswer(list('Level 1', false)));
  app.endpoint(C.getSearchForactitransaction, keptAnswer(list('Level 1', true)));
  app.endpoint(C.getLevel2ActivityHome, keptAnswer(list('Level 2', false)));
  app.endpoint(C.getSearchForLevel2actitransaction, keptAnswer(list('Level 2', true)));
  app.endpoint(C.getacttransactionByid, rowById('Level 1'));
  app.endpoint(C.getLevel2ActivityByid, rowById('Level 2'));
  app.endpoint(C.findisolaecodeforplantassesment, previewPlantAssessment);
  app.endpoint(C.saveLevel2ActivityPlantassisscode, savePlantAssessment);
  app.endpoint(C.getactivityforparamconf, buttons('Level 1'));
  app.endpoint(C.getlvl2activityforparamconf, buttons('Level 2'));
  app.endpoint(C.getLvl2Paramconf, (req) => paramconfWithTransaction(req, 'Level 2'));
  app.endpoint(C.saveActivities, savedOrRefused('Level 1'));
  app.endpoint(C.saveActivityParameters, savedOrRefused('Level 1'));
  app.endpoint(C.saveLvl2Activities, savedOrRefused('Level 2'));
  app.endpoint(C.getApprovalQueue, keptAnswer(queue));
  app.endpoint(C.getApprovalCounts, keptAnswer(counts));
}

/**
 * getParamconf with the samplenov of an isolate: the configuration and the transaction state (called by
 * server/modules/parameters, which owns the route). Undefined when the body names no samplenov or no
 * active isolate has it: then getParamconf answers the configuration alone, as the configuration screens
 * (and legacy callers sending a placeholder samplenov) expect.
 */
export async function level1Paramconf(req: FastifyRequest): Promise<ParamconfWithTransaction | undefined> {
  const samplenov = textOf(bodyOf(req).samplenov);
  if (!samplenov || !(await isolateTarget(req.server.db, samplenov))) return undefined;
  return paramconfWithTransaction(req, 'Level 1');
}
