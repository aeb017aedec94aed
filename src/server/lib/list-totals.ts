import { sql, type Kysely } from 'kysely';

/**
 * The maintained totals of the unfiltered lists (migration 20261126T100000-list-totals): kept by triggers in the
 * saving transaction, so reading one sums 16 rows instead of counting the list (at 1M samples the Level 1 count
 * joins two million isolates to their samples). Exact for the reader's snapshot; no cache to drop or refresh.
 */
export type MaintainedList = 'samples' | 'level1' | 'level2' | 'audit';

/** A manager's approval queue at one level (migration 20261129T010000: `approval_queue_list`). */
export type QueueList = `queue:${number}:${1 | 2}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema that has the list_total table
export async function maintainedTotal(db: Kysely<any>, list: MaintainedList): Promise<number> {
  return (await maintainedTotals(db, [list])).get(list) ?? 0;
}

/** Several lists' maintained totals in one read (a list with no row yet: absent, i.e. 0). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema that has the list_total table
export async function maintainedTotals<L extends MaintainedList | QueueList>(db: Kysely<any>, lists: readonly L[]): Promise<Map<L, number>> {
  const { rows } = await sql<{ list: L; n: string | number }>`
    select list, sum(n) as n from list_total where list in (${sql.join(lists)}) group by list`.execute(db);
  return new Map(rows.map((r) => [r.list, Number(r.n)]));
}

/**
 * Where the rows from `offset` (0-based, in the list's order: newest bucket first, or `oldestFirst` for the approval
 * queues) of an unfiltered list lie, from the per-bucket counts kept beside the totals (migration
 * 20261126T200000-list-buckets): the bucket of the first row, how many rows of that bucket come before it, and the
 * bucket of the last of `limit` rows (or the list's last bucket). Several lists (a manager's two queues) are summed
 * bucket by bucket. The page is then read between those buckets' bounds (`bucketStart`), skipping `skip` rows (fewer
 * than the bucket holds: at most 255 for the Level lists and the trail, an hour's rows for the lists by time) instead of `offset`:
 * at 1M samples a middle page of the Level 1 list skipped a million isolates (1.4 s). Both bounds keep the planner's
 * estimate near the rows it reads (with only the upper one it planned a parallel scan of the rest of the list for a
 * Level 2 page: 26 ms instead of about 3 ms, by hand at 1M).
 *
 * The sums go by groups of 64 buckets first (migration 20261129T030000-list-bucket-groups): the groups before the
 * position, then the buckets of the groups the page lies in, a few dozen rows at any size. Summing every bucket before
 * the position grew with the lab (about 1,000 Level 1 buckets at 1M samples).
 * Undefined when the list has no row at `offset`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema that has the list_bucket tables
export async function positionIn(db: Kysely<any>, lists: MaintainedList | readonly QueueList[], offset: number, limit: number, oldestFirst = false): Promise<ListPosition | undefined> {
  const names = sql.join(typeof lists === 'string' ? [lists] : lists);
  const dir = sql.raw(oldestFirst ? 'asc' : 'desc');
  const { rows } = await sql<{ bucket: number; n: string | number; before: string | number }>`
    with g as (
      select grp, n, sum(n) over (order by grp ${dir}) - n as before
      from (select grp, sum(n) as n from list_bucket_group where list in (${names}) group by grp having sum(n) > 0) x
    ), hit as (
      select min(grp) as lo, max(grp) as hi, min(before) as base from g where before + n > ${offset} and before < ${offset + limit}
    )
    select bucket, n, before from (
      select b.bucket, b.n, hit.base + sum(b.n) over (order by b.bucket ${dir}) - b.n as before
      from hit, lateral (
        select bucket, sum(n) as n from list_bucket
        where list in (${names}) and bucket >= hit.lo * 64 and bucket < (hit.hi + 1) * 64
        group by bucket having sum(n) > 0
      ) b
    ) c
    where before + n > ${offset} and before < ${offset + limit}
    order by bucket ${dir}`.execute(db);
  if (!rows[0]) return undefined;
  const last = rows[rows.length - 1];
  return { bucket: rows[0].bucket, skip: offset - Number(rows[0].before), through: last.bucket, after: Number(last.before) + Number(last.n) - (offset + limit) };
}

/**
 * Where a page of a list kept in buckets lies: from `bucket` (skipping `skip` of its rows) through `through`, whose
 * last `after` rows come after the page (lib/paging.ts reads the page from whichever end skips fewer rows).
 */
export interface ListPosition { bucket: number; skip: number; through: number; after: number }

/** Ids a bucket of the Level lists and the audit trail (list_bucket_of_id: id >> 8). */
export const ID_BUCKET = 256;

/** The first key of a bucket, in the list's order key (the bucket's rows are from it up to the next bucket's). */
export const bucketStart = {
  /** The Sample Inward list's buckets are UTC hours of created_at, the approval queues' of submitted_at (list_bucket_of_time, migration 20261130T100000). */
  hours: (bucket: number) => new Date(bucket * 3_600_000),
  /** The Level lists' and the audit trail's buckets are 256 ids (list_bucket_of_id, migration 20261129T100000). */
  ids: (bucket: number) => bucket * ID_BUCKET,
};
