import { createHash, type Hash } from 'node:crypto';
import { createGunzip, createGzip } from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';
import type { Readable, Writable } from 'node:stream';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { migrateTo, migrateToLatest } from './migrate';
import { canonicalJson } from '../lib/audit';
import { signWithAuditKey, verifySigned, type AuditKeys, type CheckpointHeads } from '../lib/audit-anchor';
import { verifyAuditChain } from '../lib/audit-verify';

/**
 * Logical backups: one gzip'd JSON-lines file holding every row of every table, read in one snapshot, in the same
 * format whichever engine it came from, so a backup of the embedded database restores onto a PostgreSQL server and
 * back (it is also how a lab moves from one mode to the other).
 *
 *   line 1: {format, version, createdAt, tenant, migrations, tables}
 *   then per table: {table, columns, key} followed by one JSON array per row: every value as PostgreSQL's own text
 *     for it (or null), in primary key order
 *   then {sequences: {name: [last_value, is_called]}}
 *   last: {manifest: {...}, signature}: per table its columns, row count and the SHA-256 of its row lines; the
 *     digests of the header and sequences lines; the schema; the audit trail's row count, chain heads and newest
 *     checkpoint; signed with the lab's audit key (lib/audit-anchor.ts) when there is one.
 *
 * Exact at any size: each table is paged by its primary key compared in its own type (a key read as text sorts
 * '10' before '9'), and every value travels as PostgreSQL's text form in UTC, so timestamps keep their microseconds
 * and numbers every digit. Restore reads the whole file and checks it against the manifest before it writes
 * anything; loads it in one transaction; reads what it loaded back the same way and checks the counts and digests
 * again, and the audit trail (`verifyAuditChain`, with its signed checkpoints); and only then commits. A damaged,
 * truncated or edited file, or a load that does not match, leaves the target empty.
 *
 * Sessions and the session-signing secret are left out: a restored lab starts with everyone signed out. Restore goes
 * into an empty database only: it migrates it to the backup's migration, loads the rows (the audit trail keeps its
 * ids, hashes, chains and checkpoints), sets every sequence, then migrates to the latest.
 */
export const BACKUP_FORMAT = 'soillims-backup';
export const BACKUP_VERSION = 2;
const PAGE = 2000;
const LOAD_BATCH = 500;
/**
 * The tables a backup leaves behind: sessions, the migration bookkeeping, and what triggers derive from the other
 * tables (list_total, list_bucket, list_bucket_group, audit_facet), which a restore's inserts rebuild.
 */
export const NOT_BACKED_UP = ['session', 'kysely_migration', 'kysely_migration_lock', 'list_total', 'list_bucket', 'list_bucket_group', 'audit_facet'] as const;
const SKIPPED_TABLES = new Set<string>(NOT_BACKED_UP);
const SKIPPED_SETTINGS = new Set(['session_secret']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- backups read every table generically
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTrx = Transaction<any>;

interface TableInfo {
  name: string;
  columns: string[];
  /** Each column's SQL type (format_type): values are cast back from their text. */
  types: Map<string, string>;
  /** The primary key's columns, in key order. */
  key: string[];
  /** Columns referencing the table itself (loaded as null first, then filled in). */
  selfRefs: string[];
  generatedAlways: boolean;
}

export interface TableManifest { name: string; columns: string[]; rows: number; sha256: string }

export interface BackupManifest {
  format: string;
  version: number;
  createdAt: string;
  tenant: string | null;
  schema: string;
  header: string;
  sequences: string;
  tables: TableManifest[];
  audit: { rows: number; heads: CheckpointHeads; checkpoint: number | null };
  key: string | null;
}

export interface BackupSummary { tables: TableManifest[]; rows: number; migrations: string[]; signed: boolean }

export class RestoreRefusedError extends Error {}

const refuse = (why: string) => new RestoreRefusedError(`${why} Nothing was restored.`);

async function tablesInLoadOrder(db: AnyDb | AnyTrx): Promise<TableInfo[]> {
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
  const cols = (await sql<{ table: string; column: string; type: string; generated: string | null }>`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           nullif(a.attidentity, '') as generated
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      -- A generated column (sample_inward.search_text) is computed from the row: not carried, computed again on restore.
      and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(db)).rows;
  const keys = (await sql<{ table: string; column: string; pos: number }>`
    select cl.relname as table, a.attname as column, k.pos::int as pos
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    cross join lateral unnest(c.conkey) with ordinality as k(attnum, pos)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    where c.contype = 'p' and n.nspname = 'public'
    order by cl.relname, k.pos`.execute(db)).rows;

  const info = new Map<string, TableInfo>();
  for (const name of tables) {
    const own = cols.filter((c) => c.table === name);
    const key = keys.filter((k) => k.table === name).map((k) => k.column);
    // Every table of this schema has a primary key; a table without one could not be paged exactly.
    if (key.length === 0) throw new Error(`The table ${name} has no primary key: it cannot be backed up exactly.`);
    info.set(name, {
      name,
      columns: own.map((c) => c.column),
      types: new Map(own.map((c) => [c.column, c.type])),
      key,
      selfRefs: fks.filter((f) => f.child === name && f.parent === name).map((f) => f.col),
      generatedAlways: own.some((c) => c.generated === 'a'),
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

/** The text forms of values must not depend on the session: UTC, ISO dates, hex bytea. */
async function fixTextForms(trx: AnyTrx): Promise<void> {
  await sql`set local timezone to 'UTC'`.execute(trx);
  await sql`set local datestyle to 'ISO, YMD'`.execute(trx);
  await sql`set local intervalstyle to 'postgres'`.execute(trx);
  await sql`set local bytea_output to 'hex'`.execute(trx);
  await sql`set local extra_float_digits to 1`.execute(trx);
}

/**
 * Every row of a table as arrays of text (or null), in primary key order, a page at a time: the key is compared
 * in its own type (cast back from the text of the page's last row), the whole key at once for composite keys.
 */
async function* tableRows(trx: AnyTrx, t: TableInfo): AsyncGenerator<Array<string | null>> {
  const select = sql.join(t.columns.map((c, i) => sql`${sql.ref(`t.${c}`)}::text as ${sql.ref(`c${i}`)}`));
  const keyCols = sql.join(t.key.map((k) => sql.ref(`t.${k}`)));
  const keyIdx = t.key.map((k) => t.columns.indexOf(k));
  let after: Array<string | null> | null = null;
  for (;;) {
    const where: RawBuilder<unknown> = after === null
      ? sql``
      : sql`where (${keyCols}) > (${sql.join(t.key.map((k, i) => sql`cast(${after![keyIdx[i]]} as ${sql.raw(t.types.get(k)!)})`))})`;
    const page = (await sql<Record<string, string | null>>`
      select ${select} from ${sql.table(t.name)} as t ${where} order by ${keyCols} limit ${PAGE}`.execute(trx)).rows;
    for (const r of page) yield t.columns.map((_, i) => r[`c${i}`] ?? null);
    if (page.length < PAGE) return;
    const last = page[page.length - 1];
    after = t.columns.map((_, i) => last[`c${i}`] ?? null);
  }
}

const keepRow = (t: TableInfo, row: Array<string | null>) => !(t.name === 'app_setting' && SKIPPED_SETTINGS.has(String(row[t.columns.indexOf('key')])));

async function readSequences(trx: AnyTrx): Promise<Record<string, [string, boolean]>> {
  const names = (await sql<{ name: string }>`
    select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`.execute(trx)).rows.map((r) => r.name);
  const out: Record<string, [string, boolean]> = {};
  for (const name of names) {
    const r = (await sql<{ last_value: string; is_called: boolean }>`select last_value::text as last_value, is_called from ${sql.table(name)}`.execute(trx)).rows[0];
    out[name] = [r.last_value, r.is_called];
  }
  return out;
}

async function auditState(trx: AnyTrx): Promise<BackupManifest['audit']> {
  const heads = (await sql<{ chain: number; id: string; hash: string }>`
    select distinct on (a.chain) a.chain, a.id::text as id, a.hash from audit_log a order by a.chain, a.id desc`.execute(trx)).rows;
  const rows = (await sql<{ n: string }>`select count(*)::text as n from audit_log`.execute(trx)).rows[0].n;
  const cp = (await sql<{ seq: string | null }>`select max(seq)::text as seq from audit_checkpoint`.execute(trx)).rows[0]?.seq ?? null;
  return {
    rows: Number(rows),
    heads: Object.fromEntries(heads.map((h) => [String(h.chain), [Number(h.id), h.hash] as [number, string]])),
    checkpoint: cp === null ? null : Number(cp),
  };
}

const lineOf = (value: unknown) => `${JSON.stringify(value)}\n`;
const hex = (h: Hash) => h.digest('hex');

export interface WriteOptions {
  /** The lab's audit keys: the manifest is signed with them (restore checks the signature). */
  keys?: AuditKeys | null;
  tenant?: string;
  now?: Date;
}

/** Writes a backup of the whole database to `out` (gzip'd), in one consistent snapshot. */
export async function writeBackup(db: AnyDb, out: Writable, opts: WriteOptions = {}): Promise<BackupSummary> {
  const gzip = createGzip();
  const done = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(line)) await new Promise((r) => gzip.once('drain', r));
  };
  let summary!: BackupSummary;
  await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    await fixTextForms(trx);
    const tables = await tablesInLoadOrder(trx);
    const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)).rows.map((r) => r.name);
    const header = lineOf({
      format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: (opts.now ?? new Date()).toISOString(), tenant: opts.tenant ?? null,
      migrations, tables: tables.map((t) => t.name),
    });
    await write(header);
    const manifestTables: TableManifest[] = [];
    let rows = 0;
    for (const t of tables) {
      await write(lineOf({ table: t.name, columns: t.columns, key: t.key }));
      const digest = createHash('sha256');
      let n = 0;
      for await (const row of tableRows(trx, t)) {
        if (!keepRow(t, row)) continue;
        const line = lineOf(row);
        digest.update(line);
        await write(line);
        n++;
      }
      manifestTables.push({ name: t.name, columns: t.columns, rows: n, sha256: hex(digest) });
      rows += n;
    }
    const sequences = lineOf({ sequences: await readSequences(trx) });
    await write(sequences);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: JSON.parse(header).createdAt, tenant: opts.tenant ?? null,
      schema: migrations.at(-1) ?? '', header: hex(createHash('sha256').update(header)), sequences: hex(createHash('sha256').update(sequences)),
      tables: manifestTables, audit: await auditState(trx), key: opts.keys?.privateKey ? opts.keys.fingerprint : null,
    };
    const signature = opts.keys?.privateKey ? signWithAuditKey(opts.keys, manifest).signature : null;
    await write(lineOf({ manifest, signature }));
    summary = { tables: manifestTables, rows, migrations, signed: signature !== null };
  });
  gzip.end();
  await done;
  return summary;
}

// ---- restore --------------------------------------------------------------------------------------

export interface RestoreOptions {
  /** The lab's audit keys: the manifest's signature and the restored checkpoints are checked with them. */
  keys?: Pick<AuditKeys, 'publicKeys'> | null;
  /** Restore a backup whose signature cannot be checked here (unsigned, or signed by a key not in AUDIT_KEY_DIR). */
  allowUnverifiedSignature?: boolean;
}

export interface RestoreSummary extends BackupSummary {
  manifest: BackupManifest;
  /** The audit trail as verified after loading. */
  auditRows: number;
  signatureChecked: boolean;
}

type Line = { text: string; value: unknown };

async function* readLines(input: Readable): AsyncGenerator<Line> {
  const gunzip = createGunzip();
  input.once('error', (e) => gunzip.destroy(e));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let n = 0;
  let rest = '';
  const parse = (text: string): Line => {
    n++;
    try {
      return { text: `${text}\n`, value: JSON.parse(text) };
    } catch {
      throw refuse(n === 1 ? 'This is not a backup file of this application.' : `The backup file is damaged (line ${n} is not readable).`);
    }
  };
  try {
    // Async iteration of the gunzip stream ends with its error: a damaged or cut gzip stream, or no gzip at all.
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer);
      let from = 0;
      for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', from)) {
        yield parse(rest.slice(from, i));
        from = i + 1;
      }
      rest = rest.slice(from);
    }
    rest += decoder.end();
    if (rest !== '') yield parse(rest);
  } catch (err) {
    if (err instanceof RestoreRefusedError) throw err;
    throw refuse(n === 0 ? 'This is not a backup file of this application (it could not be read).' : 'The backup file is damaged (it could not be read to its end).');
  } finally {
    input.unpipe(gunzip);
    input.destroy();
    gunzip.destroy();
  }
}

interface Header { format?: string; version?: number; createdAt?: string; migrations?: string[]; tables?: string[] }

/**
 * Reads the whole file once and checks it against its manifest: every line where it belongs, each table's row
 * count and digest, the header's and the sequences' digests, and the signature. Writes nothing.
 */
export async function checkBackupFile(input: Readable, opts: RestoreOptions = {}): Promise<{ header: Header; manifest: BackupManifest; signatureChecked: boolean }> {
  let header: Header | null = null;
  let headerDigest = '';
  let sequencesDigest: string | null = null;
  let manifestLine: { manifest?: BackupManifest; signature?: string | null } | null = null;
  const seen: TableManifest[] = [];
  let current: { t: TableManifest; digest: Hash } | null = null;
  const close = () => {
    if (current) seen.push({ ...current.t, sha256: hex(current.digest) });
    current = null;
  };
  for await (const { text, value } of readLines(input)) {
    if (manifestLine) throw refuse('The backup file is damaged (lines after its manifest).');
    if (!header) {
      const h = value as Header;
      if (h?.format !== BACKUP_FORMAT) throw refuse('This is not a backup file of this application.');
      if (h.version === 1) {
        throw refuse('This backup was written by an earlier version (format 1), before backups carried a manifest; its large tables may be incomplete and it cannot be verified. Make a new backup with this version from the source database.');
      }
      if (h.version !== BACKUP_VERSION || !Array.isArray(h.migrations) || !Array.isArray(h.tables)) throw refuse('This is not a backup file of this version of the application.');
      header = h;
      headerDigest = hex(createHash('sha256').update(text));
      continue;
    }
    if (Array.isArray(value)) {
      if (!current || value.length !== current.t.columns.length || !value.every((v) => v === null || typeof v === 'string')) {
        throw refuse('The backup file is damaged (a row that does not fit its table).');
      }
      current.digest.update(text);
      current.t.rows++;
      continue;
    }
    const obj = value as { table?: string; columns?: string[]; sequences?: unknown; manifest?: BackupManifest; signature?: string | null };
    if (typeof obj?.table === 'string' && Array.isArray(obj.columns)) {
      close();
      current = { t: { name: obj.table, columns: obj.columns, rows: 0, sha256: '' }, digest: createHash('sha256') };
    } else if (obj?.sequences && typeof obj.sequences === 'object') {
      close();
      sequencesDigest = hex(createHash('sha256').update(text));
    } else if (obj?.manifest && typeof obj.manifest === 'object') {
      close();
      manifestLine = obj;
    } else {
      throw refuse('The backup file is damaged (a line of unknown kind).');
    }
  }
  if (!header) throw refuse('This is not a backup file of this application (it is empty).');
  if (!manifestLine?.manifest) throw refuse('The backup file ends too early: it is incomplete or damaged.');
  const m = manifestLine.manifest;
  if (m.header !== headerDigest || m.sequences !== sequencesDigest || m.schema !== header.migrations!.at(-1)) {
    throw refuse('The backup file does not match its manifest (its header or sequences were changed).');
  }
  if (canonicalJson(m.tables.map((t) => t.name)) !== canonicalJson(seen.map((t) => t.name))) {
    throw refuse('The backup file does not match its manifest (tables are missing or added).');
  }
  for (const [i, t] of m.tables.entries()) {
    const s = seen[i];
    if (s.rows !== t.rows) throw refuse(`The backup file does not match its manifest: the table ${t.name} has ${s.rows} rows, the manifest says ${t.rows}.`);
    if (s.sha256 !== t.sha256 || canonicalJson(s.columns) !== canonicalJson(t.columns)) {
      throw refuse(`The backup file does not match its manifest: the rows of the table ${t.name} were changed.`);
    }
  }
  // The signature: made with the lab's audit key, so the manifest cannot be recomputed after an edit.
  let signatureChecked = false;
  if (m.key && manifestLine.signature && opts.keys) {
    const ok = verifySigned(opts.keys, m.key, m, manifestLine.signature);
    if (ok === false) throw refuse('The backup\'s manifest does not carry a valid signature of its audit key: the file was edited.');
    signatureChecked = ok === true;
  }
  if (!signatureChecked && !opts.allowUnverifiedSignature) {
    throw refuse(m.key
      ? `The backup is signed with the audit key ${m.key.slice(0, 16)}…, which is not in AUDIT_KEY_DIR here, so its signature cannot be checked. Put the lab's public key (audit-signing-key.pub.pem) in AUDIT_KEY_DIR, or restore with --unverified-signature.`
      : 'The backup carries no signature (it was made without an audit key), so edits to it could not be found. Restore it with --unverified-signature if you trust the file.');
  }
  return { header, manifest: m, signatureChecked };
}

/** Reads back a loaded table as the backup wrote it: its row count and digest. */
async function digestOf(trx: AnyTrx, t: TableInfo): Promise<{ rows: number; sha256: string }> {
  const digest = createHash('sha256');
  let rows = 0;
  for await (const row of tableRows(trx, t)) {
    if (!keepRow(t, row)) continue;
    digest.update(lineOf(row));
    rows++;
  }
  return { rows, sha256: hex(digest) };
}

/**
 * Restores a backup into an EMPTY database (no tables yet, or only migrated and unused). `open` gives the file
 * from its start: it is read twice, once to check it and once to load it, never held in memory.
 */
export async function restoreBackup(db: AnyDb, open: () => Readable, opts: RestoreOptions = {}): Promise<RestoreSummary> {
  const { header, manifest, signatureChecked } = await checkBackupFile(open(), opts);

  // The target must be empty: never mix a backup into a lab's live data.
  const existing = (await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'app_user'`.execute(db)).rows[0].n;
  if (existing) {
    const users = (await sql<{ n: number }>`select count(*)::int as n from app_user`.execute(db)).rows[0].n;
    if (users > 0) throw refuse('The target database already holds data. Restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database).');
  }
  try {
    await migrateTo(db, manifest.schema);
  } catch (err) {
    throw refuse((err as Error).message);
  }

  let auditRows = 0;
  await db.transaction().execute(async (trx) => {
    await fixTextForms(trx);
    const tables = new Map((await tablesInLoadOrder(trx)).map((t) => [t.name, t]));
    for (const t of manifest.tables) {
      if (!tables.has(t.name)) throw refuse(`The backup holds a table this version does not know (${t.name}).`);
    }
    let current: { info: TableInfo; columns: string[]; pending: Array<Array<string | null>>; selfRefRows: Array<Array<string | null>> } | null = null;
    const flush = async () => {
      if (!current || current.pending.length === 0) return;
      const { info, columns } = current;
      const refIdx = [...info.key, ...info.selfRefs].map((c) => columns.indexOf(c));
      for (const r of current.pending) if (info.selfRefs.some((c) => r[columns.indexOf(c)] !== null)) current.selfRefRows.push(refIdx.map((i) => r[i]));
      // One statement a batch: the rows as one JSON array of text, each value cast back to its column's type.
      const names = columns.map((_, i) => `c${i}`);
      const records = current.pending.map((r) => Object.fromEntries(r.map((v, i) => [names[i], v])));
      const values = sql.join(columns.map((c, i) => info.selfRefs.includes(c)
        ? sql`null::${sql.raw(info.types.get(c)!)}`
        : sql`cast(${sql.ref(`x.${names[i]}`)} as ${sql.raw(info.types.get(c)!)})`));
      await sql`insert into ${sql.table(info.name)} (${sql.join(columns.map((c) => sql.ref(c)))})
        ${info.generatedAlways ? sql`overriding system value` : sql``}
        select ${values} from json_to_recordset(${JSON.stringify(records)}::json) as x(${sql.join(names.map((n) => sql`${sql.ref(n)} text`))})`.execute(trx);
      current.pending = [];
    };
    const finishTable = async () => {
      await flush();
      if (!current) return;
      const { info } = current;
      for (const r of current.selfRefRows) {
        const keyVals = r.slice(0, info.key.length);
        const refVals = r.slice(info.key.length);
        await sql`update ${sql.table(info.name)} set ${sql.join(info.selfRefs.map((c, i) => sql`${sql.ref(c)} = cast(${refVals[i]} as ${sql.raw(info.types.get(c)!)})`))}
          where ${sql.join(info.key.map((k, i) => sql`${sql.ref(k)} = cast(${keyVals[i]} as ${sql.raw(info.types.get(k)!)})`), sql` and `)}`.execute(trx);
      }
      current = null;
    };
    let first = true;
    for await (const { value } of readLines(open())) {
      if (first) {
        first = false;
        continue; // the header, checked above
      }
      if (Array.isArray(value)) {
        current!.pending.push(value as Array<string | null>);
        if (current!.pending.length >= LOAD_BATCH) await flush();
        continue;
      }
      const obj = value as { table?: string; columns?: string[]; sequences?: Record<string, [string | number, boolean]>; manifest?: unknown };
      if (obj.table) {
        await finishTable();
        const info = tables.get(obj.table)!;
        const missing = (obj.columns ?? []).filter((c) => !info.types.has(c));
        if (missing.length) throw refuse(`The backup's table ${obj.table} has columns this schema lacks (${missing.join(', ')}).`);
        // Tables start empty, except what the migrations themselves insert: the backup replaces it.
        await sql`delete from ${sql.table(obj.table)}`.execute(trx);
        current = { info, columns: obj.columns ?? [], pending: [], selfRefRows: [] };
      } else if (obj.sequences) {
        await finishTable();
        for (const [name, [last, called]] of Object.entries(obj.sequences)) {
          await sql`select setval(${name}::regclass, ${String(last)}::bigint, ${called})`.execute(trx);
        }
      } else if (obj.manifest) {
        await finishTable();
      }
    }

    // What was loaded, read back: the same rows as the file, and an audit trail that holds.
    for (const t of manifest.tables) {
      const got = await digestOf(trx, tables.get(t.name)!);
      if (got.rows !== t.rows || got.sha256 !== t.sha256) {
        throw refuse(`The restored table ${t.name} does not match the backup (${got.rows} rows loaded, ${t.rows} in the backup).`);
      }
    }
    const trail = await verifyAuditChain(trx, { keys: signatureChecked ? opts.keys : null, useFile: false });
    if (!trail.ok) throw refuse(`The restored audit trail does not verify: ${trail.brokenAt!.id ? `row ${trail.brokenAt!.id}: ` : ''}${trail.brokenAt!.reason}.`);
    for (const [chain, [id, hash]] of Object.entries(manifest.audit.heads)) {
      const h = trail.heads?.[Number(chain)];
      if (!h || h.id !== id || h.hash !== hash) throw refuse(`The restored audit trail does not end where the backup's did (chain ${chain}).`);
    }
    if (trail.verified !== manifest.audit.rows) throw refuse(`The restored audit trail has ${trail.verified} rows; the backup had ${manifest.audit.rows}.`);
    auditRows = trail.verified;
  });
  await migrateToLatest(db);
  return {
    tables: manifest.tables, rows: manifest.tables.reduce((n, t) => n + t.rows, 0), migrations: header.migrations!, signed: manifest.key !== null,
    manifest, auditRows, signatureChecked,
  };
}
