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

/**
 * Where the row at `offset` (0-based, in the list's order: newest first) of an unfiltered list lies, from the
 * per-bucket counts kept beside the totals (migration 20261126T200000-list-buckets): its bucket, and how many rows of
 * that bucket come before it. The page is then read from the bucket's start (below `bucketEnd`), skipping `skip` rows
 * (fewer than the bucket holds: at most 2,048 for the Level lists, a day's samples for the Sample Inward list)
 * instead of `offset`: at 1M samples a middle page of the Level 1 list skipped a million isolates (1.4 s).
 * Undefined when the list has no row at `offset`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema that has the list_bucket table
export async function positionIn(db: Kysely<any>, list: MaintainedList, offset: number): Promise<{ bucket: number; skip: number } | undefined> {
  const { rows } = await sql<{ bucket: number; before: string | number }>`
    select bucket, before from (
      select bucket, n, sum(n) over (order by bucket desc) - n as before
      from (select bucket, sum(n) as n from list_bucket where list = ${list} group by bucket having sum(n) > 0) b
    ) c
    where before <= ${offset} and before + n > ${offset}`.execute(db);
  return rows[0] && { bucket: rows[0].bucket, skip: offset - Number(rows[0].before) };
}

/** The first key past a bucket, in the list's order key: rows of the bucket and older ones are below it. */
export const bucketEnd = {
  /** The Sample Inward list's buckets are UTC days of created_at (list_bucket_of_time). */
  samples: (bucket: number) => new Date((bucket + 1) * 86_400_000),
  /** The Level lists' buckets are 2,048 ids (list_bucket_of_id). */
  ids: (bucket: number) => (bucket + 1) * 2048,
};
