/* eslint-disable no-restricted-imports -- the bench is neither client nor shared code: it drives the server's own modules. */
/**
 * `npm run bench:backup [-- --rows 1000000] [-- --database-url URL]`: how much memory a backup and a restore take
 * as the data grows. Builds a lab with seed:bulk at about a tenth of --rows and at --rows, then runs the backup and
 * the restore of each in a child process of their own (as `npm run backup` / `restore` run) and reports each one's
 * peak resident memory (VmHWM) and peak JavaScript heap, and the ratio between the two sizes: flat memory means a
 * ratio near 1 while the data grows tenfold. The children run with the JavaScript heap capped (--heap-mb, default
 * 128): a backup or restore that kept rows in memory would run out of heap at the larger size and fail here.
 * A program, not a test: it reports, it never fails the suite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase, type DbHandle } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';
import { bulkLoad } from '../src/server/cli/seed-bulk';

/** Rows seed:bulk writes per sample (about 42, measured). */
const ROWS_PER_SAMPLE = 42;

interface Measure { op: 'backup' | 'restore'; rows: number; ms: number; peakRssMb: number; peakHeapMb: number; fileMb: number }

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** The child's side: one backup or restore, sampling its own heap, then its peaks on stdout. */
export async function child(): Promise<void> {
  const [op, target, file] = process.argv.slice(3);
  const { writeBackup, restoreBackup } = await import('../src/server/db/backup');
  let peakHeap = 0;
  const sample = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 50);
  const h = target.startsWith('postgres') ? await openDatabase({ kind: 'postgres', url: target }) : await openDatabase({ kind: 'pglite', dataDir: target });
  const t0 = Date.now();
  let rows = 0;
  if (op === 'backup') rows = (await writeBackup(h.db, fs.createWriteStream(file))).rows;
  else rows = (await restoreBackup(h.db, () => fs.createReadStream(file), { allowUnverifiedSignature: true })).rows;
  const ms = Date.now() - t0;
  await h.close();
  clearInterval(sample);
  const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
  process.stdout.write(`${JSON.stringify({ rows, ms, peakRssMb: Number(hwm) / 1024, peakHeapMb: peakHeap / 1048576 })}\n`);
}

function runChild(op: 'backup' | 'restore', target: string, file: string, heapMb: number): Promise<Omit<Measure, 'op' | 'fileMb'>> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, path.join(__dirname, 'backup.js'), 'child', op, target, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`${op} exited with ${code}`))));
  });
}

async function newDatabase(url: string | undefined, name: string): Promise<{ target: string; handle: () => Promise<DbHandle>; drop(): Promise<void> }> {
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lims-${name}-`));
    return { target: dir, handle: () => openDatabase({ kind: 'pglite', dataDir: dir }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  const db = `lims_${name}_${process.pid}`;
  await sql.raw(`drop database if exists ${db}`).execute(admin.db);
  await sql.raw(`create database ${db}`).execute(admin.db);
  const u = new URL(url);
  u.pathname = `/${db}`;
  return {
    target: u.toString(),
    handle: () => openDatabase({ kind: 'postgres', url: u.toString() }),
    drop: async () => {
      await sql.raw(`drop database if exists ${db} with (force)`).execute(admin.db);
      await admin.close();
    },
  };
}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'child') {
    await child();
    return 0;
  }
  const rows = Number(arg(argv, '--rows') ?? 1_000_000);
  const url = arg(argv, '--database-url');
  const heapMb = Number(arg(argv, '--heap-mb') ?? 128);
  const out: Measure[] = [];
  for (const size of [Math.round(rows / 10), rows]) {
    const src = await newDatabase(url, `bsrc${size}`);
    const dst = await newDatabase(url, `bdst${size}`);
    const file = path.join(os.tmpdir(), `lims-backup-bench-${process.pid}-${size}.json.gz`);
    try {
      const h = await src.handle();
      await migrateToLatest(h.db);
      await seed(h.db, { tenant: 'soillims', adminInitialPassword: 'Admin@12345', demo: true });
      process.stderr.write(`Loading about ${size} rows ...\n`);
      await bulkLoad(h.db, { samples: Math.ceil(size / ROWS_PER_SAMPLE), tenant: 'soillims', seed: 3 });
      await h.close();
      const b = await runChild('backup', src.target, file, heapMb);
      const fileMb = fs.statSync(file).size / 1048576;
      out.push({ op: 'backup', ...b, fileMb });
      const r = await runChild('restore', dst.target, file, heapMb);
      out.push({ op: 'restore', ...r, fileMb });
      process.stderr.write(`${size}: backup ${b.rows} rows, peak RSS ${b.peakRssMb.toFixed(0)} MB; restore peak RSS ${r.peakRssMb.toFixed(0)} MB\n`);
    } finally {
      fs.rmSync(file, { force: true });
      await src.drop();
      await dst.drop();
    }
  }
  const lines = [
    `Backup and restore memory (${url ? 'PostgreSQL server' : 'embedded PGlite'}, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores; each run's JavaScript heap capped at ${heapMb} MB)`,
    '',
    '| Operation | Rows | Time | Rows/s | Peak RSS | Peak JS heap | File (gz) |',
    '|---|---|---|---|---|---|---|',
    ...out.map((m) => `| ${m.op} | ${m.rows.toLocaleString('en')} | ${(m.ms / 1000).toFixed(1)} s | ${Math.round(m.rows / (m.ms / 1000)).toLocaleString('en')} | ${m.peakRssMb.toFixed(0)} MB | ${m.peakHeapMb.toFixed(0)} MB | ${m.fileMb.toFixed(1)} MB |`),
    '',
    ...(['backup', 'restore'] as const).map((op) => {
      const [small, large] = out.filter((m) => m.op === op);
      return `${op}: ${(large.rows / small.rows).toFixed(1)}x the rows, ${(large.peakRssMb / small.peakRssMb).toFixed(2)}x the peak RSS, ${(large.peakHeapMb / small.peakHeapMb).toFixed(2)}x the peak heap`;
    }),
  ];
  console.log(lines.join('\n'));
  return 0;
}
