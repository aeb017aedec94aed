import { sql } from 'kysely';
import type { TestApp } from '../../../test-support/test-app';
import { enc, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import { MICROBE_MASTER_TYPES } from '../../../../shared/resources';
import type { LoginResponse } from '../../../../shared/contract/session';

/**
 * Test data of the microbe tests, written straight into the database: the 'Microbe Type' and 'Gram Character'
 * common master types with their entries (found or created, so that the tests also pass on a database the
 * demo seed has filled), isolates (a sample_inward row, then an isolate row) and users with chosen role flags.
 */

async function typeId(t: TestApp, code: string, type: string): Promise<number> {
  const found = await t.handle.db.selectFrom('common_master_type').select('id').where(sql`lower(type)`, '=', type.toLowerCase()).executeTakeFirst();
  if (found) return found.id;
  return (await t.handle.db.insertInto('common_master_type').values({ code, type }).returning('id').executeTakeFirstOrThrow()).id;
}

async function entryId(t: TestApp, type: number, shortname: string, value: string): Promise<number> {
  const found = await t.handle.db.selectFrom('common_master').select('id').where('type_id', '=', type).where(sql`lower(value)`, '=', value.toLowerCase()).executeTakeFirst();
  if (found) return found.id;
  return (await t.handle.db.insertInto('common_master').values({ type_id: type, shortname, value }).returning('id').executeTakeFirstOrThrow()).id;
}

export interface MicrobeTypes { typeMaster: number; bacteria: number; fungi: number; actinomycetes: number; gramType: number }

export async function ensureMicrobeTypes(t: TestApp): Promise<MicrobeTypes> {
  const typeMaster = await typeId(t, 'MICTYPE', MICROBE_MASTER_TYPES.microbeType);
  const gramType = await typeId(t, 'GRAM', MICROBE_MASTER_TYPES.gramCharacter);
  await entryId(t, gramType, 'GPOS', 'Gram Positive');
  await entryId(t, gramType, 'GNEG', 'Gram Negative');
  return {
    typeMaster,
    gramType,
    bacteria: await entryId(t, typeMaster, 'BAC', 'Bacteria'),
    fungi: await entryId(t, typeMaster, 'FUN', 'Fungi'),
    actinomycetes: await entryId(t, typeMaster, 'ACT', 'Actinomycetes'),
  };
}

let serial = 0;

/** A sample inward row and one isolate of it; answers the isolate's id, samplenov and isolatecode. */
export async function insertIsolate(t: TestApp, opts: { createdBy?: number } = {}): Promise<{ id: number; samplenov: string; isolatecode: string; sampleno: string }> {
  serial += 1;
  const tag = `${process.pid % 10000}${serial}`;
  const createdBy = opts.createdBy ?? (await t.handle.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const sampleno = `TSC${tag}`;
  const sample = await t.handle.db
    .insertInto('sample_inward')
    .values({
      sampleinno: `TSI-${tag}`, sampleno, otp: `9${tag}`.slice(0, 12), sampling_date: '2026-01-10', inward_date: '2026-01-11',
      sampledby: 'Tester', resource_name: 'Tester', state_name: 'Maharashtra', district_name: 'Pune', gpslocation: '18.5,73.8',
      source: 'Field', agroclimaticzone: 'Western Plateau', minimumrainfall: 500, maximumrainfall: 900, temperature: '25',
      soiltype: 'Black', soilcolor: 'Dark', created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const samplenov = `${sampleno}-1`;
  const isolatecode = `TISO${tag}`;
  const iso = await t.handle.db
    .insertInto('isolate')
    .values({ sample_inward_id: sample.id, samplenov, isolatecode, sampletype: 'Soil', soilph: 7.1, soilec: 0.5, soiltds: 300, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: iso.id, samplenov, isolatecode, sampleno };
}

type RoleFlags = Partial<Record<'can_add' | 'can_edit' | 'can_view' | 'can_delete' | 'can_approve' | 'can_microbe' | 'is_toprole', boolean>>;

/** A signed-in user whose workflow role has exactly these flags. */
export async function userWithRole(t: TestApp, shortname: string, flags: RoleFlags): Promise<LoginResponse> {
  const role = await t.handle.db.insertInto('workflow_role').values({ shortname, role: shortname, hierarchy: 50, ...flags }).returning('id').executeTakeFirstOrThrow();
  const username = shortname.toLowerCase();
  await t.handle.db
    .insertInto('app_user')
    .values({ employee_code: shortname.slice(0, 7), first_name: 'P', username, password_hash: await hashPassword('Perm@12345'), must_change_password: false, workflow_role_id: role.id, user_group_id: await allScreensGroupId(t) })
    .execute();
  const s = (await t.post('/api/auth/signin', { username, password: enc('Perm@12345') })).json();
  if (s.message !== 'SUCCESS') throw new Error(`sign-in of ${username}: ${JSON.stringify(s)}`);
  return s;
}
