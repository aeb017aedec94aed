import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTIVITY_TYPE_CONTRACT as C } from '../../../shared/contract/master-schemas';
import { activityType } from '../../../shared/resources';
import { HttpError } from '../../plugins/errors';
import { findById } from './resource-repository';
import { bodyOf } from '../../lib/body';
import { requiredId, toLegacy } from './resource-routes';

/**
 * getAllactivityByid (spec 000 section 7). The spec names the call and, among the activity type's fields,
 * `activitylstById`; the rest of the shape is ours: the activity type as getactivityById answers it, and
 * the active activity types of its level in sequence order, so a form can show which sequences are taken.
 */
const LIST_FIELDS = ['id', 'shortname', 'activityname', 'activitylevel', 'sequence'] as const;

async function activityWithLevel(req: FastifyRequest) {
  const id = requiredId(bodyOf(req));
  const db = req.server.db;
  const row = await findById(db, activityType, id);
  if (!row) throw new HttpError(404, `There is no ${activityType.title} with id ${id}.`);
  const level = await db
    .selectFrom('activity_type')
    .selectAll()
    .where('level', '=', row.level as 'Level 1' | 'Level 2')
    .where('active', '=', 'Y')
    .orderBy((eb) => eb.ref('sequence'), (ob) => ob.asc().nullsLast())
    .orderBy((eb) => eb.fn('lower', ['shortname']))
    .orderBy('id')
    .execute();
  const activitylstById = level.map((r) => {
    const legacy = toLegacy(activityType, r as unknown as Parameters<typeof toLegacy>[1]);
    return Object.fromEntries(LIST_FIELDS.map((f) => [f, legacy[f]]));
  });
  return { ...toLegacy(activityType, row), version: row.version, activitylstById };
}

export function activityTypeRoutes(app: FastifyInstance): void {
  app.endpoint(C.getAllactivityByid, activityWithLevel);
}
