import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './types';
import { mutate, type Actor } from '../lib/audit';
import { hashPassword } from '../lib/passwords';
import { DEMO_LAB, DEMO_USERS, type DemoParameter } from './demo-lab-data';

/**
 * A realistic small lab for first start (SEED_DEMO on): lookups (states and districts, soil types,
 * agro-climatic zones, microbe types and more), a microbe master, Level 1 and Level 2 activities with
 * parameters, a reporting manager and two staff users with activity access, and samples in every status
 * (not submitted, submitted, reverted with a remark, approved; a Level 2 activity waiting for approval).
 *
 * It runs once per database: a marker in app_setting records that it ran, so deleting demo rows later
 * never brings them back. The demo users' password (README) must be changed at their first sign-in, so a
 * lab that forgets to delete them does not keep a known password. Everything it creates is audited.
 */
export const DEMO_MARKER = 'demo_lab_seeded';

export async function seedDemoLab(db: Kysely<Database>, opts: { tenant: string }): Promise<boolean> {
  const actor: Actor = { userId: null, username: 'system', tenant: opts.tenant, ip: null };
  return mutate(db, actor, async (trx, audit) => {
    const done = await trx.selectFrom('app_setting').select('value').where('key', '=', DEMO_MARKER).executeTakeFirst();
    if (done) return false;

    // Lookups: common master types and their entries (an entry may depend on an entry of another type).
    const typeIds: Record<string, number> = {};
    const entryIds: Record<string, number> = {};
    for (const t of DEMO_LAB.masterTypes) {
      typeIds[t.type] = await idOrInsert(trx, 'common_master_type', 'type', t.type, { code: t.code, type: t.type });
      for (const e of t.entries) {
        const dependsOn = e.dependsOn ? entryIds[e.dependsOn] ?? null : null;
        const existing = await trx
          .selectFrom('common_master').select('id')
          .where('type_id', '=', typeIds[t.type]).where(sql<boolean>`lower(shortname) = lower(${e.shortname})`)
          .executeTakeFirst();
        entryIds[e.value] = existing?.id ?? (await trx
          .insertInto('common_master')
          .values({ type_id: typeIds[t.type], shortname: e.shortname, value: e.value, depends_on_id: dependsOn })
          .returning('id').executeTakeFirstOrThrow()).id;
      }
    }
    await audit({ action: 'seed.create', entity: 'common_master', after: { types: Object.keys(typeIds) }, reason: 'demo data' });

    // Microbe master.
    const microbeIds: number[] = [];
    for (const m of DEMO_LAB.microbes) {
      const row = await trx
        .insertInto('microbe')
        .values({ type_id: entryIds[m.type], genus: m.genus, species: m.species })
        .onConflict((oc) => oc.doNothing())
        .returning('id').executeTakeFirst();
      if (row) microbeIds.push(row.id);
    }
    await audit({ action: 'seed.create', entity: 'microbe', after: { count: microbeIds.length }, reason: 'demo data' });

    // Activity types and their parameters.
    const activities: Array<{ id: number; level: 'Level 1' | 'Level 2'; params: Array<DemoParameter & { id: number }> }> = [];
    for (const a of DEMO_LAB.activities) {
      const id = await idOrInsert(trx, 'activity_type', 'shortname', a.shortname, { shortname: a.shortname, name: a.name, level: a.level, sequence: a.sequence });
      const params: Array<DemoParameter & { id: number }> = [];
      let seq = 1;
      for (const p of a.parameters) {
        const row = await trx
          .insertInto('activity_parameter')
          .values({
            activity_type_id: id, shortname: p.shortname, parameter_name: p.name, param_type: p.type, unit_type: p.unit,
            user_entry: p.unit === 'MasterData' || p.unit === 'Boolean' ? 'User Selection' : 'User Entry',
            min_length: p.minLength ?? null, max_length: p.maxLength ?? null, decimal_places: p.decimals ?? null,
            allow_negative: p.allowNegative ?? false, date_rule: p.dateRule ?? null,
            boolean_yes: p.unit === 'Boolean' ? 'Positive' : null, boolean_no: p.unit === 'Boolean' ? 'Negative' : null,
            common_master_type_id: p.masterType ? typeIds[p.masterType] : null, mandatory: p.mandatory ?? true, sequence: seq++,
          })
          .returning('id').executeTakeFirstOrThrow();
        params.push({ ...p, id: row.id });
      }
      activities.push({ id, level: a.level, params });
    }
    await audit({ action: 'seed.create', entity: 'activity_type', after: { activities: DEMO_LAB.activities.map((a) => a.shortname) }, reason: 'demo data' });

    // A reporting manager and two staff users with access to every demo activity.
    const roles = await trx.selectFrom('workflow_role').selectAll().where('shortname', 'in', ['MGR', 'STAFF']).execute();
    const roleOf = (s: string) => roles.find((r) => r.shortname === s);
    const staffGroup = await trx.selectFrom('user_group').select('id').where('name', '=', 'Laboratory Staff').executeTakeFirst();
    const dept = await trx.selectFrom('department').select('id').where('code', '=', 'MICRO').executeTakeFirst();
    const hash = await hashPassword(DEMO_USERS.password);
    const userIds: Record<string, number> = {};
    for (const u of DEMO_USERS.users) {
      const role = roleOf(u.role);
      const exists = await trx.selectFrom('app_user').select('id').where(sql<boolean>`lower(username) = lower(${u.username})`).executeTakeFirst();
      if (exists) { userIds[u.username] = exists.id; continue; }
      const row = await trx
        .insertInto('app_user')
        .values({
          employee_code: u.code, salutation: u.salutation, gender: u.gender, first_name: u.first, last_name: u.last,
          email: u.email, mobile: u.mobile, username: u.username, password_hash: hash, must_change_password: true,
          workflow_role_id: role?.id ?? null, user_group_id: staffGroup?.id ?? null, department_id: dept?.id ?? null,
          reporting_manager_id: u.reportsTo ? userIds[u.reportsTo] ?? null : null,
        })
        .returning('id').executeTakeFirstOrThrow();
      userIds[u.username] = row.id;
      for (const a of activities) {
        await trx.insertInto('user_activity_access').values({
          user_id: row.id, activity_type_id: a.id, role_id: role?.id ?? null, can_add: role?.can_add ?? false,
          can_edit: role?.can_edit ?? false, can_view: role?.can_view ?? true, can_delete: role?.can_delete ?? false,
          can_microbe: role?.can_microbe ?? false, is_toprole: role?.is_toprole ?? false,
        }).onConflict((oc) => oc.doNothing()).execute();
      }
      await audit({ action: 'seed.create', entity: 'user', entityId: row.id, after: { username: u.username, role: u.role }, reason: 'demo data (must change password at first sign-in)' });
    }

    // Samples, isolates and activities in every status.
    const manager = userIds[DEMO_USERS.users[0].username];
    const year = new Date().getUTCFullYear();
    let n = 0;
    for (const s of DEMO_LAB.samples) {
      n += 1;
      const owner = userIds[s.owner];
      const no = Number((await sql<{ n: string }>`select nextval('sample_inward_no_seq') as n`.execute(trx)).rows[0].n);
      const code = Number((await sql<{ n: string }>`select nextval('sample_code_seq') as n`.execute(trx)).rows[0].n);
      const sample = await trx
        .insertInto('sample_inward')
        .values({
          sampleinno: `SI-${year}-${String(no).padStart(6, '0')}`, sampleno: `SC${String(code).padStart(6, '0')}`,
          otp: String(100000 + ((code * 7919 + 4241) % 900000)),
          sampling_date: daysAgo(30 - n * 3), inward_date: daysAgo(28 - n * 3), sampledby: s.sampledBy, resource_name: s.inwardedBy,
          resource_id: owner, state_id: entryIds[s.state], state_name: s.state, district_id: entryIds[s.district], district_name: s.district,
          gpslocation: s.gps, source: s.source, agroclimaticzone: s.zone, minimumrainfall: s.rain[0], maximumrainfall: s.rain[1],
          temperature: s.temperature, soiltype: s.soilType, soilcolor: s.soilColor, created_by: owner,
        })
        .returning(['id', 'sampleno']).executeTakeFirstOrThrow();
      if (!s.isolate) continue;
      const iso = Number((await sql<{ n: string }>`select nextval('isolate_code_seq') as n`.execute(trx)).rows[0].n);
      const isolate = await trx
        .insertInto('isolate')
        .values({
          sample_inward_id: sample.id, samplenov: `${sample.sampleno}-1`, isolatecode: `ISO${String(iso).padStart(6, '0')}`,
          sampletype: s.isolate.sampleType, soilph: s.isolate.ph, soilec: s.isolate.ec, soiltds: s.isolate.tds, created_by: owner,
        })
        .returning('id').executeTakeFirstOrThrow();
      for (const [index, status] of s.isolate.level1.entries()) {
        const act = activities.filter((a) => a.level === 'Level 1')[index];
        if (act) await addTransaction(trx, { act, isolateId: isolate.id, plantAssessmentId: null, owner, manager, status, remark: s.isolate.remark });
      }
      if (s.isolate.level2) {
        const pn = Number((await sql<{ n: string }>`select nextval('plant_assessment_code_seq') as n`.execute(trx)).rows[0].n);
        const pa = await trx
          .insertInto('plant_assessment')
          .values({ isolate_id: isolate.id, pncode: `PA${String(pn).padStart(6, '0')}`, created_by: owner })
          .returning('id').executeTakeFirstOrThrow();
        const act = activities.find((a) => a.level === 'Level 2');
        if (act) await addTransaction(trx, { act, isolateId: isolate.id, plantAssessmentId: pa.id, owner, manager, status: s.isolate.level2, remark: null });
      }
      if (s.isolate.identification && microbeIds.length) {
        const m = await trx.selectFrom('microbe').selectAll().where('id', '=', microbeIds[n % microbeIds.length]).executeTakeFirstOrThrow();
        const typeName = Object.entries(entryIds).find(([, id]) => id === m.type_id)?.[0] ?? null;
        await trx.insertInto('microbe_identification').values({
          isolate_id: isolate.id, microbe_id: m.id, microbe_name: typeName, genus: m.genus, species: m.species,
          percentage_identification: 98.7, query_coverage: 99.25, gram_character: 'Gram Positive', biosafety_level: 'BSL-1', created_by: owner,
        }).execute();
      }
    }
    await audit({ action: 'seed.create', entity: 'sample_inward', after: { count: DEMO_LAB.samples.length }, reason: 'demo data' });

    await trx.insertInto('app_setting').values({ key: DEMO_MARKER, value: new Date().toISOString() }).execute();
    return true;
  });
}

type Trx = Transaction<Database>;

async function idOrInsert(
  trx: Trx, table: 'common_master_type' | 'activity_type', key: 'type' | 'shortname', value: string, row: Record<string, unknown>,
): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- two tables with a common shape
  const t = trx as unknown as Kysely<any>;
  const found = await t.selectFrom(table).select('id').where(sql<boolean>`lower(${sql.ref(key)}) = lower(${value})`).executeTakeFirst();
  if (found) return found.id as number;
  return (await t.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow()).id as number;
}

function daysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function addTransaction(
  trx: Trx,
  t: {
    act: { id: number; level: 'Level 1' | 'Level 2'; params: Array<DemoParameter & { id: number }> };
    isolateId: number; plantAssessmentId: number | null; owner: number; manager: number;
    status: 'S' | 'A' | 'R' | null; remark: string | null;
  },
): Promise<void> {
  const decided = t.status === 'A' || t.status === 'R';
  const row = await trx
    .insertInto('activity_transaction')
    .values({
      activity_type_id: t.act.id, level: t.act.level, isolate_id: t.isolateId, plant_assessment_id: t.plantAssessmentId,
      owner_id: t.owner, reporting_manager_id: t.status ? t.manager : null, status: t.status,
      remark: t.status === 'R' ? t.remark ?? 'Please recheck the readings.' : null,
      submitted_at: t.status ? new Date() : null, decided_at: decided ? new Date() : null, decided_by: decided ? t.manager : null,
    })
    .returning('id').executeTakeFirstOrThrow();
  for (const p of t.act.params) {
    const v = Array.isArray(p.sample) ? p.sample[t.isolateId % p.sample.length] : p.sample;
    const typed =
      typeof v === 'boolean' ? { text_value: v ? 'Positive' : 'Negative', num_value: v ? 1 : 0, date_value: null }
      : typeof v === 'number' ? { text_value: String(v), num_value: v, date_value: null }
      : p.unit === 'Date' ? { text_value: v, num_value: null, date_value: v }
      : { text_value: v, num_value: null, date_value: null };
    await trx.insertInto('activity_value').values({ transaction_id: row.id, parameter_id: p.id, isolate_id: t.isolateId, ...typed }).execute();
  }
}
