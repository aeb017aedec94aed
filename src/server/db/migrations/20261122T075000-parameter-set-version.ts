// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * The parameter set of an activity is edited as one record (saveParameters replaces it): it gets its own
 * version, so that two administrators editing the same activity's parameters cannot overwrite each other
 * (a stale save answers 409). Separate from activity_type.version, which belongs to the activity type's own form.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activity_type add column param_version integer not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activity_type drop column param_version`.execute(db);
}
