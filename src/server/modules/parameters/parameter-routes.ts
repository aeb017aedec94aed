import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  toLegacyParameter, validateParameterSet, type ActivityRef, type ParameterConfig, type StoredParameter,
} from '../../../shared/parameters';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { bodyOf, firstGiven, wholeNumber, type Body } from '../../lib/body';
import type { ParamconfWithTransaction } from '../../../shared/contract/activity-endpoints';
import { PARAMETER_CONTRACT as C } from '../../../shared/contract/parameter-schemas';
import {
  activeParameters, columnsOf, findActivity, findMasterType, insertParameter, restoreParameter, retireParameter, suspendActive,
  type ActivityRow,
} from './parameter-repository';

/**
 * Parameter configuration of activity types (spec 000 sections 2-5, 7). A save replaces the activity's
 * active parameter set in one transaction with its audit record: a parameter keeps its row (and id) while
 * its short name stays in the set, new short names get new rows, and parameters that leave the set are
 * made inactive, never deleted, since recorded values will reference them.
 */

type Answer = Record<string, unknown>;

/** saveParameters refuses with message 'Error' and the reason in detail (spec 000 section 7: 'message Success or Error'). */
const refuse = (status: number, detail: string, extra: Record<string, unknown> = {}) => new HttpError(status, 'Error', { detail, ...extra });

export const STALE_PARAMETERS =
  'Someone else changed the parameters of this activity since you opened it. Your changes are not saved: reload to see theirs.';

/** The activity id of a body: the first of `names` given; NaN when it is not a positive whole number. */
function activityIdOf(body: Body, names: readonly string[]): number | null {
  const raw = firstGiven(body, names);
  return raw === undefined ? null : (wholeNumber(raw) ?? NaN);
}

const refOf = (a: ActivityRow): ActivityRef => ({ id: a.id, shortname: a.shortname, activityname: a.name, activitylevel: a.level });

const legacyList = (a: ActivityRow, params: readonly StoredParameter[]) => params.map((p) => toLegacyParameter(p, refOf(a)));

// ---- reads ---------------------------------------------------------------------------------------

async function activityParameters(req: FastifyRequest): Promise<Answer> {
  const body = bodyOf(req);
  const id = activityIdOf(body, ['id', 'actid', 'activityID', 'trnid']);
  if (id === null) throw new HttpError(400, 'Please send the id of the activity.');
  if (Number.isNaN(id)) throw new HttpError(400, 'The id of the activity must be a positive whole number.');
  const activity = await findActivity(req.server.db, id);
  if (!activity) throw new HttpError(404, `There is no Activity Type with id ${id}.`);
  const params = await activeParameters(req.server.db, id);
  const ref = refOf(activity);
  return {
    activity: { ...ref, sequence: activity.sequence, activeStatus: activity.active },
    actid: activity.id,
    activityID: activity.id,
    shortname: activity.shortname,
    activityname: activity.name,
    activitylevel: activity.level,
    sequence: activity.sequence,
    activeList: legacyList(activity, params),
    /** The parameter set's version: send it back with saveParameters (a stale one answers 409). */
    version: activity.param_version,
  };
}

// ---- save ----------------------------------------------------------------------------------------

const sameColumns = (a: ParameterConfig, b: ParameterConfig) => JSON.stringify(columnsOf(a)) === JSON.stringify(columnsOf(b));

async function saveParameters(req: FastifyRequest): Promise<Answer> {
  const body = bodyOf(req);
  const actId = activityIdOf(body, ['actid', 'activityID', 'id']);
  if (actId === null) throw refuse(400, 'Please send the activity (actid).');
  if (Number.isNaN(actId)) throw refuse(400, 'The activity id (actid) must be a positive whole number.');
  if (!Array.isArray(body?.activeList)) throw refuse(400, 'Please send the parameters of the activity (activeList).');
  const checked = validateParameterSet(body.activeList);
  if (!checked.ok) throw refuse(400, checked.message, { index: checked.index, field: checked.field });

  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const activity = await findActivity(trx, actId, { forUpdate: true });
    if (!activity) throw refuse(404, `There is no Activity Type with id ${actId}.`);
    // No lost updates: a save of a set someone else changed since it was loaded is refused (without a
    // version, as legacy clients send, the save goes through).
    if (body.version !== undefined && body.version !== null && Number(body.version) !== activity.param_version) {
      throw refuse(409, STALE_PARAMETERS, { version: activity.param_version });
    }
    const before = await activeParameters(trx, actId);
    const previous = new Map(before.map((p) => [p.shortname.toLowerCase(), p]));

    // Master types: named by id or by name; a newly chosen one must be active.
    const params: ParameterConfig[] = [];
    for (const [i, p] of checked.parameters.entries()) {
      if (p.unitType !== 'MasterData') {
        params.push(p);
        continue;
      }
      const label = `Parameter ${i + 1} (${p.shortname})`;
      const type = await findMasterType(trx, { id: p.commonMasterTypeId, name: p.commonMasterType });
      if (!type) throw refuse(400, `${label}: there is no Common Master Type ${p.commonMasterTypeId ?? p.commonMasterType}.`, { field: 'commonmastertype' });
      if (type.active !== 'Y' && previous.get(p.shortname.toLowerCase())?.commonMasterTypeId !== type.id) {
        throw refuse(400, `${label}: the Common Master Type ${type.type} is inactive.`, { field: 'commonmastertype' });
      }
      params.push({ ...p, commonMasterTypeId: type.id, commonMasterType: type.type });
    }

    await suspendActive(trx, actId);
    const kept = new Set<number>();
    const summary = { added: [] as string[], changed: [] as string[], removed: [] as string[] };
    for (const p of params) {
      const prev = previous.get(p.shortname.toLowerCase());
      if (prev) {
        const changed = !sameColumns(prev, p);
        await restoreParameter(trx, prev.id, p, changed);
        kept.add(prev.id);
        if (changed) summary.changed.push(p.shortname);
      } else {
        await insertParameter(trx, actId, p);
        summary.added.push(p.shortname);
      }
    }
    for (const p of before) {
      if (!kept.has(p.id)) {
        await retireParameter(trx, p.id);
        summary.removed.push(p.shortname);
      }
    }
    const after = await activeParameters(trx, actId);
    const ref = refOf(activity);
    await audit({
      action: 'activityParameters.save',
      entity: 'activity_parameter',
      entityId: actId,
      before: { activity: ref, parameters: legacyList(activity, before) },
      after: { activity: ref, parameters: legacyList(activity, after) },
      reason:
        (['added', 'changed', 'removed'] as const)
          .filter((k) => summary[k].length)
          .map((k) => `${k} ${summary[k].join(', ')}`)
          .join('; ') || 'no change',
    });
    const { param_version: version } = await trx
      .updateTable('activity_type').set((eb) => ({ param_version: eb('param_version', '+', 1) }))
      .where('id', '=', actId).returning('param_version').executeTakeFirstOrThrow();
    return { message: 'Success', actid: actId, count: after.length, version };
  });
}

export interface ParameterRouteOptions {
  /**
   * getParamconf for the samplenov of an isolate: the activity workflow's answer (configuration + transaction
   * state), undefined when the body names no isolate. Handed in by the app, so parameters do not import activities.
   */
  isolateParamconf(req: FastifyRequest): Promise<ParamconfWithTransaction | undefined>;
}

export function parameterRoutes(app: FastifyInstance, { isolateParamconf }: ParameterRouteOptions): void {
  app.endpoint(C.saveParameters, saveParameters);
  app.endpoint(C.getActivityParametersByid, activityParameters);
  app.endpoint(C.getParameterByActivity, activityParameters);
  // With the samplenov of an isolate the activity workflow answers (configuration + transaction state); else the configuration alone.
  app.endpoint(C.getParamconf, async (req) =>
    (await isolateParamconf(req)) ?? { ...(await activityParameters(req)), status: null, sampleInward: null });
}
