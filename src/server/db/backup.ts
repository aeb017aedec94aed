import { createGunzip, createGzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { migrateTo, migrateToLatest } from './migrate';

/**
 * Logical backups (issue 6.7): one gzip'd JSON-lines file holding every row of every table, read in one
 * snapshot, in the same format whichever engine it came from. So a backup of the embedded database
 * restores onto a PostgreSQL server and back: it is also how a lab moves from one mode to the other.
 *
 *   line 1: {format, version, createdAt, migrations, tables}
 *   then per table: {table, columns} followed by one JSON array per row, in primary key order
 *   then {sequences: {name: [last_value, is_called]}}
 *   last:   {end: true, rows}
 *
 * Sessions and the session-signing secret are left out: a restored lab starts with everyone signed out.
 * Restore goes into an empty database only: it migrates it to the backup's migration, loads the rows (the
 * audit trail keeps its ids, hashes and chain), sets every sequence, then migrates to the latest.
 */
export const BACKUP_FORMAT = 'soillims-backup';
export const BACKUP_VERSION = 1;
const BATCH = 1000;
const SKIPPED_TABLES = new Set(['session', 'kysely_migration', 'kysely_migration_lock']);
const SKIPPED_SETTINGS = new Set(['session_secret']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- backups read every table generically
type AnyDb = Kysely<any>;

interface TableInfo {
  name: string;
  columns: string[];
  /** Columns read as text so that no digit is lost (numeric, bigint). */
  exact: Set<string>;
  key: string;
  /** Columns referencing the table itself (loaded as null first, then filled in). */
  selfRefs: string[];
  generatedAlways: boolean;
}

export interface BackupSummary { tables: number; rows: number; migrations: string[] }

export class RestoreRefusedError extends Error {}

async function tablesInLoadOrder(db: AnyDb): Promise<TableInfo[]> {
  const tables = (await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)).rows
    .map((r) => r.name)
    .filter((n) => !SKIPPED_TABLES.has(n));
  const fks = (await sql<{ child: string; parent: string; col: string }>`
    select cl.relname as child, pl.relname as parent, a.attname as col
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class pl on pl.oid = c.confrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and n.nspname = 'public'`.execute(db)).rows;
  const cols = (await sql<{ table: string; column: string; generated: string | null; type: string }>`
    select table_name as table, column_name as column, identity_generation as generated, data_type as type
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`.execute(db)).rows;
  const keys = (await sql<{ table: string; column: string }>`
    select tc.table_name as table, kcu.column_name as column
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'`.execute(db)).rows;

  const info = new Map<string, TableInfo>();
  for (const name of tables) {
    const own = cols.filter((c) => c.table === name);
    info.set(name, {
      name,
      columns: own.map((c) => c.column),
      exact: new Set(own.filter((c) => c.type === 'numeric' || c.type === 'bigint').map((c) => c.column)),
      key: keys.find((k) => k.table === name)?.column ?? own[0].column,
      selfRefs: fks.filter((f) => f.child === name && f.parent === name).map((f) => f.col),
      generatedAlways: own.some((c) => c.generated === 'ALWAYS'),
    });
  }
  // Parents before children (a depth-first topological order; self references do not count).
  const ordered: TableInfo[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !info.has(name)) return;
    seen.add(name);
    for (const f of fks) if (f.child === name && f.parent !== name) visit(f.parent);
    ordered.push(info.get(name)!);
  };
  tables.forEach(visit);
  return ordered;
}

async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const rows = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows;
  return rows.map((r) => r.name);
}

async function sequences(db: AnyDb): Promise<Record<string, [number, boolean]>> {
  const names = (await sql<{ name: string }>`
    select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`.execute(db)).rows.map((r) => r.name);
  const out: Record<string, [number, boolean]> = {};
  for (const name of names) {
    const r = (await sql<{ last_value: string | number; is_called: boolean }>`select last_value, is_called from ${sql.table(name)}`.execute(db)).rows[0];
    out[name] = [Number(r.last_value), r.is_called];
  }
  return out;
}

/** Writes a backup of the whole database to `out` (gzip'd), in one consistent snapshot. */
export async function writeBackup(db: AnyDb, out: Writable, now = new Date()): Promise<BackupSummary> {
  const gzip = createGzip();
  const done = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  gzip.pipe(out);
  const write = async (value: unknown) => {
    if (!gzip.write(`${JSON.stringify(value)}\n`)) await new Promise((r) => gzip.once('drain', r));
  };
  let rows = 0;
  let summary: BackupSummary = { tables: 0, rows: 0, migrations: [] };
  await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const tables = await tablesInLoadOrder(trx);
    const migrations = await appliedMigrations(trx);
    await write({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: now.toISOString(), migrations, tables: tables.map((t) => t.name) });
    for (const t of tables) {
      await write({ table: t.name, columns: t.columns });
      let after: unknown = null;
      for (;;) {
        const select = t.columns.map((c) => (t.exact.has(c) ? sql<unknown>`${sql.ref(c)}::text`.as(c) : sql<unknown>`${sql.ref(c)}`.as(c)));
        let q = trx.selectFrom(t.name).select(select).orderBy(t.key).limit(BATCH);
        if (after !== null) q = q.where(t.key, '>', after);
        const batch = (await q.execute()) as Array<Record<string, unknown>>;
        for (const row of batch) {
          if (t.name === 'app_setting' && SKIPPED_SETTINGS.has(String(row.key))) continue;
          await write(t.columns.map((c) => row[c]));
          rows += 1;
        }
        if (batch.length < BATCH) break;
        after = batch[batch.length - 1][t.key];
      }
    }
    await write({ sequences: await sequences(trx) });
    summary = { tables: tables.length, rows, migrations };
  });
  await write({ end: true, rows });
  gzip.end();
  await done;
  return summary;
}

/** Restores a backup (gzip'd stream) into an EMPTY database (no tables yet, or only migrated and unused). */
export async function restoreBackup(db: AnyDb, input: Readable): Promise<BackupSummary> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => {
    const r = await lines.next();
    if (r.done) throw new RestoreRefusedError('The backup file ends too early: it is incomplete or damaged. Nothing was restored.');
    return JSON.parse(r.value);
  };
  let header: { format?: string; version?: number; migrations?: string[]; tables?: string[] };
  try {
    header = (await next()) as typeof header;
  } catch (err) {
    if (err instanceof RestoreRefusedError) throw err;
    throw new RestoreRefusedError('This is not a backup file of this application (it could not be read). Nothing was restored.');
  }
  if (header?.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION || !Array.isArray(header.migrations)) {
    throw new RestoreRefusedError('This is not a backup file of this application. Nothing was restored.');
  }
  const target = header.migrations.at(-1);
  if (!target) throw new RestoreRefusedError('The backup holds no schema. Nothing was restored.');

  // The target must be empty: never mix a backup into a lab's live data.
  const existing = (await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'app_user'`.execute(db)).rows[0].n;
  if (existing) {
    const users = (await sql<{ n: number }>`select count(*)::int as n from app_user`.execute(db)).rows[0].n;
    if (users > 0) throw new RestoreRefusedError('The target database already holds data. Restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database). Nothing was restored.');
  }
  await migrateTo(db, target);

  let rows = 0;
  await db.transaction().execute(async (trx) => {
    const tables = new Map((await tablesInLoadOrder(trx)).map((t) => [t.name, t]));
    let current: { info: TableInfo; columns: string[]; pending: unknown[][]; selfRefRows: Array<Record<string, unknown>> } | null = null;
    const flush = async () => {
      if (!current || current.pending.length === 0) return;
      const { info, columns } = current;
      const values = current.pending.map((r) => {
        if (info.selfRefs.some((c) => r[columns.indexOf(c)] !== null)) {
          current!.selfRefRows.push(Object.fromEntries([info.key, ...info.selfRefs].map((c) => [c, r[columns.indexOf(c)]])));
        }
        const cells = columns.map((c, i) => {
          const v = r[i];
          return info.selfRefs.includes(c) ? null : v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
        });
        return sql`(${sql.join(cells)})`;
      });
      // Kysely has no OVERRIDING SYSTEM VALUE: the audit trail's ids are 'generated always' and must be kept.
      await sql`insert into ${sql.table(info.name)} (${sql.join(columns.map((c) => sql.ref(c)))})
        ${info.generatedAlways ? sql`overriding system value` : sql``} values ${sql.join(values)}`.execute(trx);
      current.pending = [];
    };
    const finishTable = async () => {
      await flush();
      if (!current) return;
      for (const r of current.selfRefRows) {
        const set = Object.fromEntries(current.info.selfRefs.map((c) => [c, r[c]]));
        await trx.updateTable(current.info.name).set(set).where(current.info.key, '=', r[current.info.key]).execute();
      }
      current = null;
    };
    for (;;) {
      const item = await next();
      if (Array.isArray(item)) {
        if (!current) throw new RestoreRefusedError('The backup file is damaged (a row outside a table). Nothing was restored.');
        current.pending.push(item);
        rows += 1;
        if (current.pending.length >= BATCH / 4) await flush();
        continue;
      }
      const obj = item as { table?: string; columns?: string[]; sequences?: Record<string, [number, boolean]>; end?: boolean; rows?: number };
      if (obj.table) {
        await finishTable();
        const info = tables.get(obj.table);
        if (!info) throw new RestoreRefusedError(`The backup holds a table this version does not know (${obj.table}). Nothing was restored.`);
        // Tables start empty, except what the migrations themselves insert: the backup replaces it.
        await trx.deleteFrom(obj.table).execute();
        current = { info, columns: obj.columns ?? [], pending: [], selfRefRows: [] };
      } else if (obj.sequences) {
        await finishTable();
        for (const [name, [value, called]] of Object.entries(obj.sequences)) {
          await sql`select setval(${name}::regclass, ${value}, ${called})`.execute(trx);
        }
      } else if (obj.end) {
        await finishTable();
        if (obj.rows !== rows) throw new RestoreRefusedError(`The backup file is damaged (${rows} rows read, ${obj.rows} written). Nothing was restored.`);
        break;
      }
    }
  });
  await migrateToLatest(db);
  return { tables: header.tables?.length ?? 0, rows, migrations: header.migrations };
}
