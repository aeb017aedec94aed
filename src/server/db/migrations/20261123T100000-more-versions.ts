// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * No lost updates for the records still without a version (a stale save answers 409):
 * - app_user.access_version: a user's activity access, saved as a whole by saveUserActivityAceess
 *   (app_user.version stays the employee form's);
 * - app_user.menu_version and user_group.menu_version: the menu grants of a user or a group, changed by
 *   savemenubyuserforjson, deletemenubyuser and cleargroupall (user_group.version stays the group's name);
 * - menu_item.version: a catalogue item (name, sequence, landing page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user add column access_version integer not null default 1`.execute(db);
  await sql`alter table app_user add column menu_version integer not null default 1`.execute(db);
  await sql`alter table user_group add column menu_version integer not null default 1`.execute(db);
  await sql`alter table menu_item add column version integer not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table menu_item drop column version`.execute(db);
  await sql`alter table user_group drop column menu_version`.execute(db);
  await sql`alter table app_user drop column menu_version`.execute(db);
  await sql`alter table app_user drop column access_version`.execute(db);
}
