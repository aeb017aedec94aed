import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { GROUP_NAME_MAX, MENU_MSG } from '../../../shared/contract/menu-endpoints';
import { mutate } from '../../lib/audit';
import { HttpError } from '../../plugins/errors';
import { bodyOf } from '../../lib/body';
import { GROUP_CONTRACT as C } from '../../../shared/contract/menu-schemas';
import { actorOf } from '../../plugins/session';
import { activeGroups, activeMembers, activeUsers, bumpMenuVersion, findActiveGroup, groupByName, revokeAll } from './menu-admin-repository';
import { idOf, versionOf } from './menu-admin-routes';

/**
 * User groups (newGrouphome, newGroup) and the active users of the 'Menu By User' picker.
 * Delete deactivates the group (users keep their history) and is refused while active users are in it.
 */
const no = (message: string) => new HttpError(400, message, { status: 'NO' });

/** No lost updates: a change of a group read at another version is refused (409, nothing changed). */
function checkVersion(g: { version: number }, expected: number | null): void {
  if (expected !== null && expected !== g.version) throw new HttpError(409, MENU_MSG.staleGroup, { status: 'NO', version: g.version });
}

async function saveGroup(req: FastifyRequest) {
  const b = bodyOf(req);
  const name = typeof b.updategroupname === 'string' ? b.updategroupname.trim().replace(/\s+/g, ' ') : '';
  if (!name) throw no('Please enter the User Group.');
  if (name.length > GROUP_NAME_MAX) throw no(`The User Group can be at most ${GROUP_NAME_MAX} characters.`);
  const hasId = b.id !== undefined && b.id !== null && b.id !== '' && b.id !== 0 && b.id !== '0';
  const id = hasId ? idOf(b.id) : null;
  if (hasId && id === null) throw no('This User Group does not exist.');
  const expected = id === null ? null : versionOf(b.version, 'version');
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    if (id !== null) {
      const g = await findActiveGroup(trx, id, { forUpdate: true });
      if (!g) throw no('This User Group does not exist.');
      checkVersion(g, expected);
      const same = await groupByName(trx, name);
      if (same && same.id !== g.id) throw no(`A User Group named '${same.name}' already exists.`);
      const { version } = await trx
        .updateTable('user_group').set({ name, version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', g.id)
        .returning('version').executeTakeFirstOrThrow();
      await audit({ action: 'userGroup.update', entity: 'user_group', entityId: g.id, before: { name: g.name, version: g.version }, after: { name, version } });
      return { status: 'OK', id: g.id, version };
    }
    const same = await groupByName(trx, name);
    if (same?.active === 'Y') throw no(`A User Group named '${same.name}' already exists.`);
    if (same) {
      const { version } = await trx
        .updateTable('user_group').set({ name, active: 'Y', version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', same.id)
        .returning('version').executeTakeFirstOrThrow();
      await audit({ action: 'userGroup.reactivate', entity: 'user_group', entityId: same.id, before: { name: same.name, active: 'N' }, after: { name, active: 'Y' } });
      return { status: 'OK', id: same.id, version };
    }
    const row = await trx.insertInto('user_group').values({ name }).returning(['id', 'version']).executeTakeFirstOrThrow();
    await audit({ action: 'userGroup.create', entity: 'user_group', entityId: row.id, after: { name } });
    return { status: 'OK', id: row.id, version: row.version };
  });
}

async function deleteGroup(req: FastifyRequest) {
  const id = idOf(bodyOf(req).id);
  const expected = versionOf(bodyOf(req).version, 'version');
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const g = id === null ? undefined : await findActiveGroup(trx, id, { forUpdate: true });
    if (!g) throw no('This User Group does not exist.');
    checkVersion(g, expected);
    const members = await activeMembers(trx, g.id);
    if (members > 0) {
      throw no(`The User Group '${g.name}' still has ${members} active user${members === 1 ? '' : 's'}; move them to another group first.`);
    }
    const removed = await revokeAll(trx, { kind: 'group', id: g.id });
    await bumpMenuVersion(trx, { kind: 'group', id: g.id });
    await trx.updateTable('user_group').set({ active: 'N', version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', g.id).execute();
    await audit({ action: 'userGroup.delete', entity: 'user_group', entityId: g.id, before: { name: g.name, active: 'Y' }, after: { active: 'N', menuGrantsRemoved: removed } });
    return { status: 'OK' };
  });
}

export function groupRoutes(app: FastifyInstance): void {
  app.endpoint(C.getallActiveuser, () => activeUsers(app.db));
  app.endpoint(C.getAllgroup, () => activeGroups(app.db));
  app.endpoint(C.SaveUserGroup, saveGroup);
  app.endpoint(C.deletegroup, deleteGroup);
}
