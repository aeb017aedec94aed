import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { onCommitted, type CommittedChange } from './audit';

/**
 * A read cache that a committed change drops: the server's hot reads (the session of every call, the screens
 * a menu grants, the totals of the sample lists) keep their answers here, one cache per database handle.
 *
 * - Every mutation commits through `mutate()` (lib/audit.ts), which names the entities it changed; a change
 *   for which `dropOn` says yes empties the whole cache of that database. The next call after the change reads
 *   the database again, in this server process.
 * - `maxAgeMs` bounds how long an answer lives anyway: the time within which a change made elsewhere (another
 *   server process on the same PostgreSQL database, an administrator's SQL) is seen.
 * - A change committed while an answer was being read may not be in that answer: it is returned to its caller
 *   but not kept (the generation check).
 * - Calls that miss the same key at the same time share one read (a burst of calls after a change reads once).
 * - At `maxEntries` the cache starts again empty (cheap, and entries are cheap to read again).
 */
export interface CommitCacheOptions {
  /** Names the cache in tests and notes. */
  name: string;
  maxAgeMs: number;
  maxEntries: number;
  /** Whether a committed change makes the cached answers stale. */
  dropOn: (change: CommittedChange) => boolean;
  /**
   * Past `maxAgeMs` (and not dropped by a change), answer the old value at once and read it again in the
   * background for the next call: for totals, where a change made by another process may show one call late,
   * not for anything that grants access (sessions, screens).
   */
  refreshInBackground?: boolean;
  /**
   * With refreshInBackground: a cheap read that moves whenever the data may have changed, in any process
   * (`auditTrailHead`: every change commits an audit row). Past `maxAgeMs`, an answer whose version has not
   * moved since it was read is kept (one cheap read instead of the answer's); it is read again anyway once
   * `maxUnchangedMs` old, the bound for a change the version did not show (one whose audit row took its id
   * before the version was read and committed after the answer was): such a change shows within
   * maxUnchangedMs + maxAgeMs.
   */
  version?: { read: (db: Kysely<Database>) => Promise<number>; maxUnchangedMs: number };
}

/**
 * The newest audit row's id: every change of the laboratory's data commits one (lib/audit.ts), from whichever
 * server process made it. The primary key's last entry: one index probe.
 */
export async function auditTrailHead(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** `version` for kept list totals: counted again when the audit trail has moved, and at least once a minute. */
export const WHEN_AUDIT_TRAIL_MOVES: NonNullable<CommitCacheOptions['version']> = { read: auditTrailHead, maxUnchangedMs: 60_000 };

/**
 * Audited actions that change none of the data these caches hold: an export (its rows stay as they were) and
 * sign-in events (a new session is never in a cache; failed and refused sign-ins only count attempts, and
 * would otherwise let anyone empty the caches by typing a wrong password).
 */
const NOT_CHANGES = /(\.export$|^signin(\.|$))/;

/** `dropOn` for a cache of answers that may read any of the data: any audited change. */
export const anyChange = (c: CommittedChange): boolean => !NOT_CHANGES.test(c.action);

/** `dropOn` for a cache of data read from these entities: any audited change of one of them. */
export function changesTo(...entities: string[]): (change: CommittedChange) => boolean {
  const watched = new Set(entities);
  return (c) => watched.has(c.entity) && !NOT_CHANGES.test(c.action);
}

/** at: when the answer was last known current; readAt: when it was read; version: `options.version` before that read. */
interface Entry<V> { value: V; at: number; readAt: number; version?: number }
interface PerDb<V> { entries: Map<string, Entry<V>>; reading: Map<string, { generation: number; value: Promise<V> }>; generation: number }

export interface CommitCache<V> {
  /** The cached answer for `key`, or `load()`'s (kept when no change committed meanwhile). */
  get(db: Kysely<Database>, key: string, load: () => Promise<V>): Promise<V>;
  /**
   * The kept answer for `key` when get() would answer it at once (the same rules: a copy past `maxAgeMs` only for
   * refreshInBackground, which then reads it again with `load` in the background), else undefined. Never waits
   * for `load`: for a caller that has a cheaper answer of its own than a read (a total counted up to a cap).
   */
  peek(db: Kysely<Database>, key: string, load: () => Promise<V>): V | undefined;
  /** Forgets one key, or everything (what a change behind the server's back looks like once `maxAgeMs` has passed). */
  drop(db: Kysely<Database>, key?: string): void;
  /** How many answers are kept for this database (tests). */
  size(db: Kysely<Database>): number;
}

const allCaches: Array<CommitCache<unknown>> = [];

/**
 * Forgets every cached answer of a database: what data written behind the server's back (tests' fixtures,
 * SQL) looks like once the caches' time limits have passed.
 */
export function forgetCachedAnswers(db: Kysely<Database>): void {
  for (const cache of allCaches) cache.drop(db);
}

export function commitCache<V>(options: CommitCacheOptions): CommitCache<V> {
  const caches = new WeakMap<Kysely<Database>, PerDb<V>>();
  const dropAll = (cache: PerDb<V>) => {
    cache.entries.clear();
    cache.generation++;
  };
  const created = (db: Kysely<Database>): PerDb<V> => {
    const fresh: PerDb<V> = { entries: new Map(), reading: new Map(), generation: 0 };
    caches.set(db, fresh);
    return fresh;
  };
  onCommitted((db, changes) => {
    const cache = caches.get(db);
    if (cache && changes.some(options.dropOn)) dropAll(cache);
  });
  /** The answer read again, or the old one when its version has not moved (see `version`). */
  async function readEntry(db: Kysely<Database>, hit: Entry<V> | undefined, now: number, load: () => Promise<V>): Promise<Entry<V>> {
    const v = options.version;
    if (!v || !options.refreshInBackground) return { value: await load(), at: now, readAt: now };
    const version = await v.read(db);
    if (hit && hit.version === version && now - hit.readAt < v.maxUnchangedMs) return { ...hit, at: now };
    return { value: await load(), at: now, readAt: now, version };
  }
  const api: CommitCache<V> = {
    async get(db, key, load) {
      // Inside a transaction the caller must see its own uncommitted writes: no cache.
      if (db.isTransaction) return load();
      const c = caches.get(db) ?? created(db);
      const now = Date.now();
      const hit = c.entries.get(key);
      if (hit && now - hit.at < options.maxAgeMs) return hit.value;
      const shared = c.reading.get(key);
      if (shared && shared.generation === c.generation) return hit && options.refreshInBackground ? hit.value : shared.value;
      const generation = c.generation;
      const read = readEntry(db, hit, now, load);
      const value = read.then((e) => e.value);
      value.catch(() => undefined); // its callers hear of a failure through `settled` (or their shared await)
      c.reading.set(key, { generation, value });
      const settled = read.then(
        (e) => {
          // Kept only if no change committed meanwhile and nobody dropped this key (drop(key) ends its read).
          if (c.generation === generation && c.reading.get(key)?.value === value) {
            if (c.entries.size >= options.maxEntries) c.entries.clear();
            c.entries.set(key, e);
          }
          return e.value;
        },
      ).finally(() => {
        if (c.reading.get(key)?.value === value) c.reading.delete(key);
      });
      if (hit && options.refreshInBackground) {
        settled.catch(() => undefined); // the next call reads again
        return hit.value;
      }
      return settled;
    },
    peek(db, key, load) {
      if (db.isTransaction) return undefined;
      const hit = caches.get(db)?.entries.get(key);
      if (!hit) return undefined;
      if (Date.now() - hit.at < options.maxAgeMs) return hit.value;
      if (!options.refreshInBackground) return undefined;
      // get() answers this same old copy at once and starts the read for the next call.
      api.get(db, key, load).catch(() => undefined);
      return hit.value;
    },
    drop(db, key) {
      const cache = caches.get(db);
      if (!cache) return;
      if (key === undefined) return dropAll(cache);
      cache.entries.delete(key);
      cache.reading.delete(key); // a read of it that is under way must not put it back
    },
    size: (db) => caches.get(db)?.entries.size ?? 0,
  };
  allCaches.push(api as CommitCache<unknown>);
  return api;
}
