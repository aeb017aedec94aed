import { sql, type Kysely } from 'kysely';

/**
 * The maintained totals of the unfiltered lists (migration 20261126T100000-list-totals): kept by triggers in the
 * saving transaction, so reading one sums 16 rows instead of counting the list (at 1M samples the Level 1 count
 * joins two million isolates to their samples). Exact for the reader's snapshot; no cache to drop or refresh.
 */
export type MaintainedList = 'samples' | 'level1' | 'level2';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema that has the list_total table
export async function maintainedTotal(db: Kysely<any>, list: MaintainedList): Promise<number> {
  const { rows } = await sql<{ n: string | number | null }>`select sum(n) as n from list_total where list = ${list}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
