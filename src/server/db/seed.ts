import type { Kysely } from 'kysely';
import type { Database } from './types';
import { DEFAULT_MENU, type DefaultMenuNode } from '../../shared/contract/routes';
import { mutate, type Actor } from '../lib/audit';
import { hashPassword } from '../lib/passwords';

/**
 * Idempotent seed: safe to run at every start. It creates only what is missing, so an administrator's
 * later changes (renamed groups, edited menus, a changed admin password) are never overwritten.
 * Every row it creates is audited as the 'system' actor.
 */
export interface SeedOptions {
  tenant: string;
  adminInitialPassword: string;
  demo: boolean;
}

export const ADMIN_USERNAME = 'admin';
export const GROUPS = { admin: 'Administrators', staff: 'Laboratory Staff' } as const;

const ROLES = [
  { shortname: 'ADMIN', role: 'Administrator', hierarchy: 1, can_add: true, can_edit: true, can_view: true, can_delete: true, can_approve: true, can_microbe: true, is_toprole: true },
  { shortname: 'MGR', role: 'Reporting Manager', hierarchy: 10, can_add: true, can_edit: true, can_view: true, can_delete: false, can_approve: true, can_microbe: true, is_toprole: false },
  { shortname: 'STAFF', role: 'Lab Staff', hierarchy: 20, can_add: true, can_edit: true, can_view: true, can_delete: false, can_approve: false, can_microbe: true, is_toprole: false },
];

/** Menu branches the Laboratory Staff group gets by default (the administrators get everything). */
const STAFF_MAIN_ITEMS = new Set(['Dashboard', 'Laboratory', 'Search']);

export async function seed(db: Kysely<Database>, opts: SeedOptions): Promise<void> {
  const actor: Actor = { userId: null, username: 'system', tenant: opts.tenant, ip: null };
  await mutate(db, actor, async (trx, audit) => {
    const groupIds: Record<string, number> = {};
    for (const name of Object.values(GROUPS)) {
      let g = await trx.selectFrom('user_group').select('id').where('name', '=', name).executeTakeFirst();
      if (!g) {
        g = await trx.insertInto('user_group').values({ name }).returning('id').executeTakeFirstOrThrow();
        await audit({ action: 'seed.create', entity: 'user_group', entityId: g.id, after: { name } });
      }
      groupIds[name] = g.id;
    }

    const roleIds: Record<string, number> = {};
    for (const r of ROLES) {
      let row = await trx.selectFrom('workflow_role').select('id').where('shortname', '=', r.shortname).executeTakeFirst();
      if (!row) {
        row = await trx.insertInto('workflow_role').values(r).returning('id').executeTakeFirstOrThrow();
        await audit({ action: 'seed.create', entity: 'workflow_role', entityId: row.id, after: r });
      }
      roleIds[r.shortname] = row.id;
    }

    const admin = await trx.selectFrom('app_user').select('id').where('username', '=', ADMIN_USERNAME).executeTakeFirst();
    if (!admin) {
      const values = {
        employee_code: 'ADM0001', salutation: 'Mr.', gender: 'Male', first_name: 'System', last_name: 'Administrator',
        username: ADMIN_USERNAME, password_hash: await hashPassword(opts.adminInitialPassword), must_change_password: true,
        workflow_role_id: roleIds.ADMIN, user_group_id: groupIds[GROUPS.admin],
      };
      const row = await trx.insertInto('app_user').values(values).returning('id').executeTakeFirstOrThrow();
      await audit({ action: 'seed.create', entity: 'user', entityId: row.id, after: values, reason: 'initial administrator (must change password at first sign-in)' });
    }

    const anyMenu = await trx.selectFrom('menu_item').select('id').limit(1).executeTakeFirst();
    if (!anyMenu) {
      const insertNode = async (node: DefaultMenuNode, parentId: number | null, sequence: number, mainLabel: string): Promise<void> => {
        const item = await trx
          .insertInto('menu_item')
          .values({ parent_id: parentId, label: node.label, link: node.link, sequence })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Grant the leaves; parents come along when the menu is built.
        if (!node.children?.length) {
          await trx.insertInto('menu_grant').values({ menu_item_id: item.id, user_group_id: groupIds[GROUPS.admin] }).execute();
          if (STAFF_MAIN_ITEMS.has(mainLabel)) {
            await trx.insertInto('menu_grant').values({ menu_item_id: item.id, user_group_id: groupIds[GROUPS.staff] }).execute();
          }
        }
        let i = 1;
        for (const child of node.children ?? []) await insertNode(child, item.id, i++, mainLabel);
      };
      let seq = 1;
      for (const node of DEFAULT_MENU) await insertNode(node, null, seq++, node.label);
      await audit({ action: 'seed.create', entity: 'menu', after: { items: DEFAULT_MENU.map((n) => n.label) }, reason: 'default menus' });
    }

    if (opts.demo) {
      for (const [table, rows] of [
        ['department', [{ code: 'MICRO', name: 'Microbiology' }, { code: 'SOIL', name: 'Soil Science' }]],
        ['designation', [{ code: 'SCI', name: 'Scientist' }, { code: 'LABTECH', name: 'Laboratory Technician' }]],
      ] as const) {
        for (const r of rows) {
          const exists = await trx.selectFrom(table).select('id').where('code', '=', r.code).executeTakeFirst();
          if (!exists) {
            const row = await trx.insertInto(table).values(r).returning('id').executeTakeFirstOrThrow();
            await audit({ action: 'seed.create', entity: table, entityId: row.id, after: r, reason: 'demo data' });
          }
        }
      }
    }
  });
}
