import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PARAMETER_ENDPOINTS } from '../../../shared/contract/endpoints';
import {
  PARAM_TYPES, UNIT_TYPES, USER_ENTRY_OPTIONS, toLegacyParameter, validateParameterSet,
  type ActivityRef, type ParameterConfig, type StoredParameter,
} from '../../../shared/parameters';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { bodyOf, firstGiven, wholeNumber, type Body } from '../../lib/body';
import { CHECKED_BY_HANDLER, ID, body as bodySchema, listOf } from '../../../shared/contract/body-schema';
import type { ParamconfWithTransaction } from '../../../shared/contract/activity-endpoints';
import { PARAMCONF_BODY, PARAMCONF_PROPS } from './paramconf-schema';
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
const E = PARAMETER_ENDPOINTS;

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

// ---- JSON schemas ----------------------------------------------------------------------------------

const NULLABLE_INT = { type: ['integer', 'null'] };
const NULLABLE_NUM = { type: ['number', 'null'] };
const NULLABLE_TEXT = { type: ['string', 'null'] };
const BOOL = { type: 'boolean' };

const validatorProps = {
  mandatory: BOOL, minlength: NULLABLE_INT, maxlength: NULLABLE_INT, minlength1: NULLABLE_INT, maxlength1: NULLABLE_INT,
  min: NULLABLE_NUM, minforfloat: NULLABLE_NUM, minforinteger: NULLABLE_NUM, allownegative: BOOL, allownegativeforfloat: BOOL,
  lessthncurrentdate: BOOL, greatthncurrentdate: BOOL, currentdate: BOOL, decimalplaces: NULLABLE_NUM,
};
const parameterProps = {
  id: { type: 'integer' },
  shortname: { type: 'string' },
  parameterName: { type: 'string' },
  type: { type: 'string', enum: [...PARAM_TYPES] },
  sequence: { type: 'integer' },
  mandatory: BOOL,
  unittype: { type: 'string', enum: [...UNIT_TYPES] },
  userentry: { type: 'string', enum: [...USER_ENTRY_OPTIONS] },
  minlength: NULLABLE_INT,
  maxlength: NULLABLE_INT,
  maxlength1: NULLABLE_INT,
  decimalplaces: NULLABLE_NUM,
  allownegative: BOOL,
  allownegativeforfloat: BOOL,
  lessthncurrentdate: BOOL,
  greatthncurrentdate: BOOL,
  currentdate: BOOL,
  booleanyes: NULLABLE_TEXT,
  booleanno: NULLABLE_TEXT,
  commonmastertype: NULLABLE_TEXT,
  commonmastertypeid: NULLABLE_INT,
  status: { type: 'string' },
  min: NULLABLE_NUM,
  validator: { type: 'object', properties: validatorProps },
  actid: { type: 'integer' },
  activityID: { type: 'integer' },
  activityname: { type: 'string' },
  activitylevel: { type: 'string' },
  version: { type: 'integer' },
};
const activityProps = {
  activity: {
    type: 'object',
    properties: {
      id: { type: 'integer' }, shortname: { type: 'string' }, activityname: { type: 'string' }, activitylevel: { type: 'string' },
      sequence: NULLABLE_INT, activeStatus: { type: 'string' },
    },
  },
  actid: { type: 'integer' },
  activityID: { type: 'integer' },
  version: { type: ['integer', 'null'], description: "getActivityParametersByid: the parameter set's version (send it back with saveParameters). getParamconf with a sample: the activity transaction's version (null before the first submit)." },
  shortname: { type: 'string' },
  activityname: { type: 'string' },
  activitylevel: { type: 'string' },
  sequence: NULLABLE_INT,
  activeList: { type: 'array', items: { type: 'object', properties: parameterProps } },
};
const ROW_NAMES = Object.keys(parameterProps).join(', ');
const readBody = bodySchema({ id: ID, actid: ID, activityID: ID, trnid: ID }, { nullable: true });

const readSchema = (extra = '') => ({
  description:
    `Body {id} (also actid, activityID or trnid): an activity type. Answer: {activity: {id, shortname, activityname, activitylevel, sequence, activeStatus}, ` +
    `actid, activityID, shortname, activityname, activitylevel, sequence, activeList${extra}}; activeList holds its active parameters in sequence order as {${ROW_NAMES}}. 404 when there is no such activity.`,
  body: readBody,
  response: { 200: { type: 'object', properties: activityProps } },
});

const SCHEMAS: Record<keyof typeof E, object> = {
  saveParameters: {
    description:
      'Body {actid (or activityID), activeList: [{shortname, parameterName, type, sequence, mandatory, unittype, userentry?, minlength, maxlength, maxlength1, decimalplaces, ' +
      'allownegative, allownegativeforfloat, lessthncurrentdate, greatthncurrentdate, currentdate, booleanyes, booleanno, commonmastertype (id or type name), status}]}. ' +
      "Rows with status 'N' are left out. Replaces the activity's active parameters (matched by short name; the others are made inactive). " +
      `Types: ${PARAM_TYPES.join(', ')}; unit types: ${UNIT_TYPES.join(', ')}. Answer {message: 'Success', actid, count, version}; ` +
      "400 {message: 'Error', detail: '<the first problem>', index, field}; 404 {message: 'Error', detail} when the activity does not exist; " +
      "409 {message: 'Error', detail, version} when `version` (the set's version as loaded) is stale: nothing is saved. Without `version` (legacy clients) no check is made.",
    body: bodySchema({
      actid: ID, activityID: ID, id: ID,
      // Each row is checked by the handler with a message naming the row and field.
      activeList: { ...listOf(CHECKED_BY_HANDLER, 1000), description: 'Parameter rows (each checked with a plain message).' },
      version: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
    }),
    response: { 200: { type: 'object', properties: { message: { type: 'string' }, actid: { type: 'integer' }, count: { type: 'integer' }, version: { type: 'integer' } } } },
  },
  getActivityParametersByid: readSchema(),
  getParameterByActivity: readSchema(),
  getParamconf: {
    ...readSchema(', status, sampleInward'),
    description:
      `${readSchema(', status: null, sampleInward: null').description} With the samplenov of an existing isolate the activity workflow answers it: ` +
      'the same configuration, each parameter with its recorded inputvalue, plus the transaction state (status, sampleInward {sampleno, samplenov, pncode, isolatecode}, ' +
      'reportingmanager, reportingmanagerid, username, userid, remarks, version, trnid, mode, allowed, canEdit); see getLvl2Paramconf.',
    body: bodySchema({ ...PARAMCONF_BODY.properties, trnid: ID }, { nullable: true }),
    response: {
      200: {
        type: 'object',
        properties: {
          ...PARAMCONF_PROPS,
          ...activityProps,
          activeList: { type: 'array', items: { type: 'object', properties: { ...parameterProps, inputvalue: {} } } },
          status: NULLABLE_TEXT,
          sampleInward: { type: ['object', 'null'], properties: PARAMCONF_PROPS.sampleInward.properties },
        },
      },
    },
  },
};

export interface ParameterRouteOptions {
  /**
   * getParamconf for the samplenov of an isolate: the activity workflow's answer (configuration + transaction
   * state), undefined when the body names no isolate. Handed in by the app, so parameters do not import activities.
   */
  isolateParamconf(req: FastifyRequest): Promise<ParamconfWithTransaction | undefined>;
}

export function parameterRoutes(app: FastifyInstance, { isolateParamconf }: ParameterRouteOptions): void {
  app.endpoint(E.saveParameters, { schema: SCHEMAS.saveParameters }, saveParameters);
  app.endpoint(E.getActivityParametersByid, { schema: SCHEMAS.getActivityParametersByid }, activityParameters);
  app.endpoint(E.getParameterByActivity, { schema: SCHEMAS.getParameterByActivity }, activityParameters);
  // With the samplenov of an isolate the activity workflow answers (configuration + transaction state); else the configuration alone.
  app.endpoint(E.getParamconf, { schema: SCHEMAS.getParamconf }, async (req) =>
    (await isolateParamconf(req)) ?? { ...(await activityParameters(req)), status: null, sampleInward: null });
}
