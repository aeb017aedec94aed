import { sql, type Kysely, type Transaction, type Selectable } from 'kysely';
import type { ActivityParameterTable, ActivityTypeTable, CommonMasterTypeTable, Database } from '../../db/types';
import type { ParameterConfig, StoredParameter } from '../../../shared/parameters';

/** Configured parameters of activity types (plain functions taking a Kysely instance or transaction). */
type Db = Kysely<Database> | Transaction<Database>;

export type ActivityRow = Selectable<ActivityTypeTable>;
export type ParameterRow = Selectable<ActivityParameterTable>;
export type MasterTypeRow = Selectable<CommonMasterTypeTable>;

export async function findActivity(db: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<ActivityRow | undefined> {
  let q = db.selectFrom('activity_type').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A stored row as a configuration (numeric decimal places come back as text). */
export function toStored(r: ParameterRow & { master_type_name: string | null }): StoredParameter {
  return {
    id: r.id,
    version: r.version,
    active: r.active,
    shortname: r.shortname,
    parameterName: r.parameter_name,
    type: r.param_type,
    unitType: r.unit_type,
    userEntry: r.user_entry,
    sequence: r.sequence,
    mandatory: r.mandatory,
    minLength: r.min_length,
    maxLength: r.max_length,
    decimalPlaces: r.decimal_places === null ? null : Number(r.decimal_places),
    allowNegative: r.allow_negative,
    dateRule: r.date_rule,
    booleanYes: r.boolean_yes,
    booleanNo: r.boolean_no,
    commonMasterTypeId: r.common_master_type_id,
    commonMasterType: r.master_type_name,
  };
}

/** The active parameters of an activity, in sequence order, with their master type's name. */
export async function activeParameters(db: Db, activityId: number): Promise<StoredParameter[]> {
  const rows = await db
    .selectFrom('activity_parameter as p')
    .leftJoin('common_master_type as t', 't.id', 'p.common_master_type_id')
    .selectAll('p')
    .select('t.type as master_type_name')
    .where('p.activity_type_id', '=', activityId)
    .where('p.active', '=', 'Y')
    .orderBy('p.sequence')
    .execute();
  return rows.map(toStored);
}

/** A common master type by id, or by its type name or code (case-insensitive; an active one first). */
export async function findMasterType(db: Db, key: { id: number | null; name: string | null }): Promise<MasterTypeRow | undefined> {
  if (key.id !== null) return db.selectFrom('common_master_type').selectAll().where('id', '=', key.id).executeTakeFirst();
  if (key.name === null) return undefined;
  const n = key.name.toLowerCase();
  return db
    .selectFrom('common_master_type')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(type)`, '=', n), eb(sql`lower(code)`, '=', n)]))
    .orderBy(sql`case when active = 'Y' then 0 else 1 end`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The columns of a configuration. */
export function columnsOf(p: ParameterConfig) {
  return {
    shortname: p.shortname,
    parameter_name: p.parameterName,
    param_type: p.type,
    unit_type: p.unitType,
    user_entry: p.userEntry,
    min_length: p.minLength,
    max_length: p.maxLength,
    decimal_places: p.decimalPlaces,
    allow_negative: p.allowNegative,
    date_rule: p.dateRule,
    boolean_yes: p.booleanYes,
    boolean_no: p.booleanNo,
    common_master_type_id: p.commonMasterTypeId,
    mandatory: p.mandatory,
    sequence: p.sequence,
  };
}

/** Takes every active parameter of the activity out of the active set (inside the save, before it is rebuilt). */
export async function suspendActive(db: Db, activityId: number): Promise<void> {
  await db.updateTable('activity_parameter').set({ active: 'N' }).where('activity_type_id', '=', activityId).where('active', '=', 'Y').execute();
}

/** Puts a parameter back in the active set with its new configuration; the version goes up when it changed. */
export async function restoreParameter(db: Db, id: number, p: ParameterConfig, changed: boolean): Promise<void> {
  await db
    .updateTable('activity_parameter')
    .set({ ...columnsOf(p), active: 'Y', ...(changed ? { version: sql`version + 1`, updated_at: sql`now()` } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Marks a parameter that left the set as retired (it stays inactive; its version goes up). */
export async function retireParameter(db: Db, id: number): Promise<void> {
  await db.updateTable('activity_parameter').set({ version: sql`version + 1`, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function insertParameter(db: Db, activityId: number, p: ParameterConfig): Promise<number> {
  const row = await db
    .insertInto('activity_parameter')
    .values({ activity_type_id: activityId, ...columnsOf(p) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
