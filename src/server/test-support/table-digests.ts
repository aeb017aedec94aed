import { sql, type Kysely } from 'kysely';
import { NOT_BACKED_UP } from '../db/backup';

/**
 * Every table's row count and an md5 of all its rows (each row's text, in primary key order), read with plain
 * SQL: an independent check of what a backup, a restore or a refused request did to the data. Sessions, the
 * migration bookkeeping, the session-signing secret and the maintained list totals (derived from the other tables;
 * which of their rows holds a count depends on the connection that saved) are left out (a backup leaves them behind).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads every table generically
export async function tableDigests(db: Kysely<any>, skip: readonly string[] = NOT_BACKED_UP): Promise<Record<string, { rows: number; md5: string }>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local timezone to 'UTC'`.execute(trx);
    const keys = (await sql<{ table: string; cols: string[] }>`
      select cl.relname as table, array_agg(a.attname::text order by k.pos) as cols
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      cross join lateral unnest(c.conkey) with ordinality as k(attnum, pos)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      where c.contype = 'p' and n.nspname = 'public'
      group by cl.relname order by cl.relname`.execute(trx)).rows;
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const { table, cols } of keys) {
      if (skip.includes(table)) continue;
      const where = table === 'app_setting' ? sql`where t.key <> 'session_secret'` : sql``;
      const r = (await sql<{ n: number; md5: string | null }>`
        select count(*)::int as n, md5(string_agg(t::text, E'\n' order by ${sql.join(cols.map((c) => sql.ref(`t.${c}`)))})) as md5
        from ${sql.table(table)} as t ${where}`.execute(trx)).rows[0];
      out[table] = { rows: r.n, md5: r.md5 ?? '' };
    }
    return out;
  });
}
