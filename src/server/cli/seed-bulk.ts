import { sql, type Kysely, type Transaction } from 'kysely';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/types';
import { prepareDatabase } from '../db/open';
import { seedDemoLab } from '../db/demo-lab';
import { DEMO_LAB, DEMO_USERS } from '../db/demo-lab-data';
import { AUDIT_CHAINS, writeAudit, type Actor } from '../lib/audit';
import { activeParameters } from '../modules/parameters/parameter-repository';
import { isolateCode, sampleCode, sampleInwardNo, sampleVersion } from '../modules/samples/sample-repository';
import { pncodeOf } from '../../shared/contract/activity-endpoints';
import { localDate, validateParameterValue } from '../../shared/parameters/parameter-values';
import type { StoredParameter } from '../../shared/parameters';

/**
 * `npm run seed:bulk -- --samples N [--data-dir DIR | --database-url URL] [--batch B] [--seed S]` (issue 7):
 * fills a migrated, seeded database with a realistic laboratory for benchmarks: N samples with every inward
 * field (states and districts from the lookups), 1-3 isolates each, every configured Level 1 activity in
 * every status (saved, submitted, reverted with a remark, approved) with typed values checked by the same
 * function the server uses, plant assessments with Level 2 activities, and microbe identifications.
 *
 * Speed: rows are generated here and sent as one JSON array per table and batch
 * (`insert ... select from json_populate_recordset`), one transaction per batch of samples. Ids and codes
 * continue from the tables and sequences; every batch moves the identity and code sequences past what it
 * used (setval), so later saves continue correctly and an interrupted run leaves a consistent database.
 * Run it with the server stopped (embedded mode enforces this with its lock file).
 *
 * Audit: ONE audit row for the whole load (who: system, action 'seed.bulk', the counts), written in the
 * last batch's transaction, not one per row; with `--trail` also one per sample, as its owner would have written
 * it, so the Activity Log holds a trail that grows with the lab. Lookups, activities and users come from the demo lab
 * definitions (created when missing); the values follow whatever activities are configured.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type Row = Record<string, unknown>;

export interface BulkOptions {
  samples: number;
  tenant: string;
  /** Samples per transaction. */
  batch?: number;
  /** PRNG seed: the same seed gives the same data. */
  seed?: number;
  /**
   * Also an audit trail as the lab writes it: one row per sample ('sampleInward.create' by the sample's owner,
   * with its codes), so the Activity Log grows with the lab (the benchmarks measure it). Off: one row for the load.
   */
  trail?: boolean;
  onProgress?: (p: BulkProgress) => void;
}

export interface BulkCounts {
  samples: number;
  isolates: number;
  plantAssessments: number;
  transactions: number;
  values: number;
  identifications: number;
}

export interface BulkProgress {
  done: number;
  total: number;
  rows: number;
  elapsedMs: number;
}

// ---- random data ----------------------------------------------------------------------------------

/** mulberry32: a small, fast, seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const SAMPLERS = ['R. Kulkarni', 'S. Deshmukh', 'K. Gowda', 'P. Singh', 'A. Menon', 'N. Reddy', 'M. Joshi', 'T. Das', 'V. Nair', 'H. Sharma'];
const SOURCES = ['Sugarcane field', 'Vineyard', 'Paddy field', 'Wheat field', 'Cotton field', 'Maize field', 'Orchard', 'Forest soil', 'Tea garden', 'Vegetable plot'];
const SOIL_COLORS = ['Dark grey', 'Reddish brown', 'Red', 'Light brown', 'Black', 'Yellowish brown', 'Grey'];
const SAMPLE_TYPES = ['Rhizosphere soil', 'Bulk soil', 'Root endosphere', 'Compost'];
const WORDS = ['Positive', 'Negative', 'Growth at 30 C', 'Mucoid colonies', 'Weak reaction', 'Strong reaction', 'Not observed', 'Pigmented'];
const REMARKS = ['Colony diameter looks off; please re-measure.', 'Please recheck the readings.', 'Observation date missing in the notebook.', 'Repeat with a fresh culture.'];
/** Status of a recorded activity: null = saved, not submitted (the client's 'Y'). */
const STATUSES: ReadonlyArray<[number, 'S' | 'A' | 'R' | null]> = [[0.15, null], [0.35, 'S'], [0.45, 'R'], [1, 'A']];

const statusOf = (r: Rng) => {
  const x = r.next();
  return STATUSES.find(([p]) => x < p)![1];
};
const dayIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

// ---- what the load needs from the database --------------------------------------------------------

interface Lookups {
  states: Array<{ id: number; value: string; districts: Array<{ id: number; value: string }> }>;
  soilTypes: string[];
  zones: string[];
  gram: string[];
  entriesByType: Map<number, string[]>;
  microbes: Array<{ id: number; genus: string; species: string; typeName: string }>;
  activities: Array<{ id: number; level: 'Level 1' | 'Level 2'; params: StoredParameter[] }>;
  owners: Array<{ id: number; name: string; username: string; manager: number }>;
  manager: number;
}

async function entriesOf(db: Db, typeName: string) {
  return db
    .selectFrom('common_master as e').innerJoin('common_master_type as t', 't.id', 'e.type_id')
    .select(['e.id', 'e.value', 'e.shortname', 'e.depends_on_id'])
    .where(sql<boolean>`lower(t.type) = lower(${typeName})`).where('e.active', '=', 'Y')
    .orderBy('e.id').execute();
}

/** Creates the demo definitions when missing (once per database), then reads what the load uses. */
async function loadLookups(db: Db, tenant: string): Promise<Lookups> {
  await seedDemoLab(db, { tenant });
  const [stateType, districtType, soilType, zoneType, , gramType] = DEMO_LAB.masterTypes.map((t) => t.type);
  const states = await entriesOf(db, stateType);
  const districts = await entriesOf(db, districtType);
  if (!states.length || !districts.length) {
    throw new Error(`The lookups '${stateType}' and '${districtType}' have no active entries: add some (Common Master) and run again.`);
  }
  const entryRows = await db.selectFrom('common_master').select(['type_id', 'shortname']).where('active', '=', 'Y').orderBy('id').execute();
  const entriesByType = new Map<number, string[]>();
  for (const e of entryRows) entriesByType.set(e.type_id, [...(entriesByType.get(e.type_id) ?? []), e.shortname]);

  const activityRows = await db.selectFrom('activity_type').select(['id', 'level']).where('active', '=', 'Y').orderBy('level').orderBy('sequence').execute();
  const activities = [];
  for (const a of activityRows) {
    const params = await activeParameters(db, a.id);
    if (params.length) activities.push({ id: a.id, level: a.level, params });
  }
  if (!activities.some((a) => a.level === 'Level 1')) throw new Error('There is no active Level 1 activity with parameters: configure one and run again.');

  const microbes = await db
    .selectFrom('microbe as m').innerJoin('common_master as t', 't.id', 'm.type_id')
    .select(['m.id', 'm.genus', 'm.species', 't.value as typeName']).where('m.active', '=', 'Y').execute();

  const users = await db
    .selectFrom('app_user as u').leftJoin('workflow_role as r', 'r.id', 'u.workflow_role_id')
    .select(['u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.reporting_manager_id', 'r.shortname as role'])
    .where('u.active', '=', 'Y').orderBy('u.id').execute();
  const byName = (n: string) => users.find((u) => u.username.toLowerCase() === n.toLowerCase());
  const admin = byName('admin') ?? users[0];
  if (!admin) throw new Error('There is no active user: start the server once (it creates the administrator) and run again.');
  const manager = byName(DEMO_USERS.users[0].username)?.id ?? admin.id;
  const staff = users.filter((u) => u.role === 'STAFF');
  const owners = (staff.length ? staff : [admin]).map((u) => ({
    id: u.id, name: `${u.first_name} ${u.last_name ?? ''}`.trim(), username: u.username, manager: u.reporting_manager_id ?? manager,
  }));

  return {
    states: states.map((s) => ({ id: s.id, value: s.value, districts: districts.filter((d) => d.depends_on_id === s.id).map((d) => ({ id: d.id, value: d.value })) })),
    soilTypes: (await entriesOf(db, soilType)).map((e) => e.value),
    zones: (await entriesOf(db, zoneType)).map((e) => e.value),
    gram: (await entriesOf(db, gramType)).map((e) => e.value),
    entriesByType, microbes, activities, owners, manager,
  };
}

// ---- ids and codes: continue from the tables and sequences -------------------------------------------

const ID_TABLES = ['sample_inward', 'isolate', 'plant_assessment', 'activity_transaction', 'activity_value', 'microbe_identification'] as const;
type IdTable = (typeof ID_TABLES)[number];
/** The counts the database keeps beside the lists (lib/list-totals.ts). */
const KEPT_COUNTS = ['list_total', 'list_bucket', 'list_bucket_group'] as const;
const CODE_SEQUENCES = ['sample_inward_no_seq', 'sample_code_seq', 'isolate_code_seq', 'plant_assessment_code_seq'] as const;
type CodeSeq = (typeof CODE_SEQUENCES)[number];

async function sequenceValue(db: Db | Trx, seq: string): Promise<number> {
  const { rows } = await sql<{ last_value: string | number; is_called: boolean }>`select last_value, is_called from ${sql.table(seq)}`.execute(db);
  return rows[0].is_called ? Number(rows[0].last_value) : Number(rows[0].last_value) - 1;
}

async function identitySequence(db: Db, table: IdTable): Promise<string> {
  const { rows } = await sql<{ s: string }>`select pg_get_serial_sequence(${table}, 'id') as s`.execute(db);
  return rows[0].s;
}

// ---- one batch ------------------------------------------------------------------------------------

interface Cursor {
  ids: Record<IdTable, number>;
  codes: Record<CodeSeq, number>;
  otpIndex: number;
}

interface BatchRows {
  sample_inward: Row[];
  isolate: Row[];
  plant_assessment: Row[];
  activity_transaction: Row[];
  activity_value: Row[];
  microbe_identification: Row[];
}

/** A unique OTP: a permutation of the six-digit numbers (7919 is prime to 900000), skipping those in use. */
function nextOtp(c: Cursor, used: Set<string>): string {
  for (;;) {
    const k = c.otpIndex++;
    const otp = k < 900_000 ? String(100_000 + ((k * 7919 + 4241) % 900_000)) : String(1_000_000 + k);
    if (!used.has(otp)) {
      used.add(otp);
      return otp;
    }
  }
}

function valueFor(p: StoredParameter, r: Rng, l: Lookups, today: string, now: number): unknown {
  switch (p.unitType) {
    case 'Integer': return r.int(0, p.maxLength && p.maxLength < 3 ? 9 : 100);
    case 'Float': {
      const places = Math.min(p.decimalPlaces ?? 2, 2);
      return Number((r.next() * (p.maxLength && p.maxLength < 4 ? 9 : 50)).toFixed(places));
    }
    case 'Date':
      return p.dateRule === 'onlyToday' ? today : p.dateRule === 'onOrAfterToday' ? dayIso(now + r.int(1, 60) * DAY) : dayIso(now - r.int(1, 700) * DAY);
    case 'Boolean': return r.chance(0.5) ? p.booleanYes ?? 'Positive' : p.booleanNo ?? 'Negative';
    case 'MasterData': {
      const entries = p.commonMasterTypeId ? l.entriesByType.get(p.commonMasterTypeId) : undefined;
      return entries?.length ? r.pick(entries) : null;
    }
    case 'MicrobeIdentification': {
      const m = l.microbes.length ? r.pick(l.microbes) : null;
      return m ? `${m.genus} ${m.species}` : null;
    }
    default: return r.pick(WORDS);
  }
}

/** The typed value as the server stores it, or null when the generated value does not fit the rules. */
function typedValue(p: StoredParameter, r: Rng, l: Lookups, today: string, now: number) {
  const first = validateParameterValue(p, valueFor(p, r, l, today, now), { today });
  if (first.ok) return first.value;
  const fallback = validateParameterValue(p, p.unitType === 'Character' ? 'x'.repeat(Math.max(p.minLength ?? 1, 1)) : 1, { today });
  return fallback.ok ? fallback.value : null;
}

function generateBatch(n: number, c: Cursor, l: Lookups, r: Rng, usedOtps: Set<string>, now: number): BatchRows {
  const out: BatchRows = { sample_inward: [], isolate: [], plant_assessment: [], activity_transaction: [], activity_value: [], microbe_identification: [] };
  const today = localDate(new Date(now));
  const year = new Date(now).getUTCFullYear();
  const level1 = l.activities.filter((a) => a.level === 'Level 1');
  const level2 = l.activities.filter((a) => a.level === 'Level 2');

  const addTransaction = (act: Lookups['activities'][number], isolateId: number, paId: number | null, owner: Lookups['owners'][number], at: number) => {
    const status = statusOf(r);
    const decided = status === 'A' || status === 'R';
    const id = ++c.ids.activity_transaction;
    const stamp = new Date(at).toISOString();
    out.activity_transaction.push({
      id, activity_type_id: act.id, level: act.level, isolate_id: isolateId, plant_assessment_id: paId, owner_id: owner.id,
      reporting_manager_id: status ? owner.manager : null, status, remark: status === 'R' ? r.pick(REMARKS) : null,
      submitted_at: status ? stamp : null, decided_at: decided ? new Date(at + r.int(1, 5) * DAY).toISOString() : null,
      decided_by: decided ? owner.manager : null, created_at: stamp, updated_at: stamp,
    });
    for (const p of act.params) {
      const v = typedValue(p, r, l, today, now);
      if (v) out.activity_value.push({ id: ++c.ids.activity_value, transaction_id: id, parameter_id: p.id, isolate_id: isolateId, text_value: v.text, num_value: v.number, date_value: v.date });
    }
  };

  for (let s = 0; s < n; s++) {
    const owner = r.pick(l.owners);
    const state = r.pick(l.states);
    const district = state.districts.length ? r.pick(state.districts) : { id: null, value: '' };
    const sampled = now - r.int(10, 3 * 365) * DAY;
    const inward = sampled + r.int(0, 7) * DAY;
    const minRain = r.int(30, 200) * 5;
    const id = ++c.ids.sample_inward;
    const sampleno = sampleCode(++c.codes.sample_code_seq);
    const created = new Date(inward + r.int(8, 17) * 3_600_000).toISOString();
    out.sample_inward.push({
      id, sampleinno: sampleInwardNo(++c.codes.sample_inward_no_seq, year), sampleno, otp: nextOtp(c, usedOtps),
      sampling_date: dayIso(sampled), inward_date: dayIso(inward), sampledby: r.pick(SAMPLERS), resource_name: owner.name, resource_id: owner.id,
      state_id: state.id, state_name: state.value, district_id: district.id, district_name: district.value,
      gpslocation: `${(8 + r.next() * 24).toFixed(4)} N, ${(70 + r.next() * 20).toFixed(4)} E`, source: r.pick(SOURCES),
      agroclimaticzone: l.zones.length ? r.pick(l.zones) : 'Western Plateau and Hills', minimumrainfall: minRain, maximumrainfall: minRain + r.int(10, 80) * 5,
      temperature: `${r.int(10, 24)}-${r.int(26, 40)}`, soiltype: l.soilTypes.length ? r.pick(l.soilTypes) : 'Black Cotton', soilcolor: r.pick(SOIL_COLORS),
      created_by: owner.id, created_at: created, updated_at: created,
    });
    const isolates = r.int(1, 3);
    for (let k = 1; k <= isolates; k++) {
      const isolateId = ++c.ids.isolate;
      const at = inward + r.int(1, 20) * DAY;
      out.isolate.push({
        id: isolateId, sample_inward_id: id, samplenov: sampleVersion(sampleno, k), isolatecode: isolateCode(++c.codes.isolate_code_seq),
        sampletype: r.pick(SAMPLE_TYPES), soilph: Number((5 + r.next() * 4).toFixed(2)), soilec: Number((r.next() * 1.5).toFixed(3)),
        soiltds: Number((50 + r.next() * 500).toFixed(3)), created_by: owner.id, created_at: new Date(at).toISOString(), updated_at: new Date(at).toISOString(),
      });
      for (const act of level1) if (r.chance(0.85)) addTransaction(act, isolateId, null, owner, at + r.int(1, 10) * DAY);
      if (level2.length && r.chance(0.35)) {
        const paId = ++c.ids.plant_assessment;
        out.plant_assessment.push({ id: paId, isolate_id: isolateId, pncode: pncodeOf(++c.codes.plant_assessment_code_seq), created_by: owner.id });
        for (const act of level2) addTransaction(act, isolateId, paId, owner, at + r.int(15, 40) * DAY);
      }
      if (l.microbes.length && r.chance(0.6)) {
        const m = r.pick(l.microbes);
        out.microbe_identification.push({
          id: ++c.ids.microbe_identification, isolate_id: isolateId, microbe_id: m.id, microbe_name: m.typeName, genus: m.genus, species: m.species,
          percentage_identification: Number((90 + r.next() * 10).toFixed(1)), query_coverage: Number((80 + r.next() * 20).toFixed(2)),
          gram_character: l.gram.length ? r.pick(l.gram) : null, biosafety_level: r.chance(0.85) ? 'BSL-1' : 'BSL-2', created_by: owner.id,
        });
      }
    }
  }
  return out;
}

/** Inserts rows (all with the same keys) in one statement; the columns left out get their defaults. */
async function insertJson(trx: Trx, table: keyof BatchRows, rows: Row[], chunk = 20_000): Promise<void> {
  if (!rows.length) return;
  const cols = sql.join(Object.keys(rows[0]).map((k) => sql.ref(k)));
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk));
    await sql`insert into ${sql.table(table)} (${cols}) select ${cols} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(trx);
  }
}

// ---- the load -------------------------------------------------------------------------------------

/** Adds `samples` samples (with isolates, activities, values, identifications) to a migrated, seeded database. */
export async function bulkLoad(db: Db, opts: BulkOptions): Promise<BulkCounts> {
  const started = Date.now();
  const lookups = await loadLookups(db, opts.tenant);
  const r = prng(opts.seed ?? 20261122);
  const batchSize = opts.batch ?? 1000;
  const now = Date.now();

  const identity = Object.fromEntries(await Promise.all(ID_TABLES.map(async (t) => [t, await identitySequence(db, t)] as const))) as Record<IdTable, string>;
  const cursor: Cursor = { ids: {} as Cursor['ids'], codes: {} as Cursor['codes'], otpIndex: 0 };
  for (const t of ID_TABLES) {
    const { rows } = await sql<{ m: number | null }>`select max(id) as m from ${sql.table(t)}`.execute(db);
    cursor.ids[t] = Math.max(Number(rows[0].m ?? 0), await sequenceValue(db, identity[t]));
  }
  for (const s of CODE_SEQUENCES) cursor.codes[s] = await sequenceValue(db, s);
  const usedOtps = new Set((await db.selectFrom('sample_inward').select('otp').execute()).map((x) => x.otp));

  const counts: BulkCounts = { samples: 0, isolates: 0, plantAssessments: 0, transactions: 0, values: 0, identifications: 0 };
  let rowsDone = 0;
  const actor: Actor = { userId: null, username: 'system', tenant: opts.tenant, ip: null };
  const usernames = new Map(lookups.owners.map((o) => [o.id, o.username]));
  // The load's own statements (the list totals' triggers join the tables) are planned with the tables' statistics:
  // analyzed each time the lab has doubled, a load into an empty database does not plan against an empty one
  // where autovacuum is off (a load of 1M from empty slowed from 900 to 180 samples/s without it). From 1,000
  // samples on: the embedded engine (which has no autovacuum) loaded 4,000 samples from empty in 133 s, slowing
  // from 4,205 to 1,123 rows/s, when the first analyze came at 10,000; in 20 s from 1,000, at 3,816-8,660 rows/s.
  let analyzedAt = Math.max(usedOtps.size, 500);
  // With a trail, audit_log grows with the lab too: unanalyzed, a filtered Activity Log page planned a sort of the
  // whole trail (autovacuum is off on the benchmark server).
  const analyzed: readonly string[] = opts.trail ? [...ID_TABLES, 'audit_log'] : ID_TABLES;

  for (let done = 0; done < opts.samples; ) {
    const n = Math.min(batchSize, opts.samples - done);
    const rows = generateBatch(n, cursor, lookups, r, usedOtps, now);
    const last = done + n >= opts.samples;
    await db.transaction().execute(async (trx) => {
      for (const t of ['sample_inward', 'isolate', 'plant_assessment', 'activity_transaction', 'activity_value', 'microbe_identification'] as const) {
        await insertJson(trx, t, rows[t]);
      }
      // Move every sequence past what this batch used, so a later save (or an interrupted run) continues correctly.
      for (const t of ID_TABLES) if (cursor.ids[t] > 0) await sql`select setval(${identity[t]}::regclass, ${cursor.ids[t]}, true)`.execute(trx);
      for (const s of CODE_SEQUENCES) if (cursor.codes[s] > 0) await sql`select setval(${s}::regclass, ${cursor.codes[s]}, true)`.execute(trx);
      counts.samples += rows.sample_inward.length;
      counts.isolates += rows.isolate.length;
      counts.plantAssessments += rows.plant_assessment.length;
      counts.transactions += rows.activity_transaction.length;
      counts.values += rows.activity_value.length;
      counts.identifications += rows.microbe_identification.length;
      if (opts.trail) {
        // A lab's transactions take a chain at random (lib/audit.ts); the load's batches take them in turn.
        const chain = Math.floor(done / batchSize) % AUDIT_CHAINS;
        for (const sample of rows.sample_inward) {
          const owner = Number(sample.resource_id);
          await writeAudit(trx, { userId: owner, username: usernames.get(owner) ?? null, tenant: opts.tenant, ip: null }, {
            action: 'sampleInward.create', entity: 'sample_inward', entityId: Number(sample.id),
            after: { sampleinno: sample.sampleinno, sampleno: sample.sampleno, state: sample.state_name, district: sample.district_name },
          }, chain);
        }
      }
      if (last) {
        await writeAudit(trx, actor, {
          action: 'seed.bulk', entity: 'sample_inward', after: { ...counts, seconds: Math.round((Date.now() - started) / 1000) },
          reason: 'bulk load for benchmarks (npm run seed:bulk): one audit row for the whole load, not one per row',
        });
      }
    });
    done += n;
    rowsDone += Object.values(rows).reduce((a, x) => a + x.length, 0);
    // The kept counts are a few thousand rows updated many times a batch; each update leaves a version behind, and
    // with autovacuum off (the benchmark server) they grew to megabytes within 60,000 samples (4 MB for list_total's
    // 15 rows), which every read of a kept total then walks. Vacuumed after each batch, as autovacuum would in a lab.
    for (const t of KEPT_COUNTS) await sql`vacuum ${sql.table(t)}`.execute(db);
    if (!last && usedOtps.size >= 2 * analyzedAt) {
      for (const t of analyzed) await sql`analyze ${sql.table(t)}`.execute(db);
      analyzedAt = usedOtps.size;
    }
    opts.onProgress?.({ done, total: opts.samples, rows: rowsDone, elapsedMs: Date.now() - started });
  }
  // Fresh planner statistics and visibility maps (index-only scans), as autovacuum would leave them a while
  // after the load: the benchmarks query right after it.
  for (const t of [...analyzed, ...KEPT_COUNTS]) await sql`vacuum analyze ${sql.table(t)}`.execute(db);
  return counts;
}

// ---- command line ---------------------------------------------------------------------------------

const fmtDuration = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/** A progress bar on stderr: done/total, rows per second, ETA (one line per 10% when stderr is not a terminal). */
export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  let lastTenth = -1;
  return (p: BulkProgress) => {
    const frac = p.total ? p.done / p.total : 1;
    const rate = p.elapsedMs ? (p.rows * 1000) / p.elapsedMs : 0;
    const eta = frac > 0 ? (p.elapsedMs / frac) * (1 - frac) : 0;
    const bar = '#'.repeat(Math.round(frac * 30)).padEnd(30, '.');
    const line = `[${bar}] ${p.done.toLocaleString('en')}/${p.total.toLocaleString('en')} samples  ${Math.round(rate).toLocaleString('en')} rows/s  ETA ${fmtDuration(eta)}`;
    if (stream.isTTY) stream.write(`\r${line}${p.done >= p.total ? '\n' : ''}`);
    else if (Math.floor(frac * 10) > lastTenth || p.done >= p.total) {
      lastTenth = Math.floor(frac * 10);
      stream.write(`${line}\n`);
    }
  };
}

export interface BulkArgs {
  samples: number;
  dataDir?: string;
  databaseUrl?: string;
  batch: number;
  seed: number;
  trail: boolean;
}

export function parseBulkArgs(argv: string[]): BulkArgs | string {
  const get = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const whole = (name: string, def: number | undefined, min: number, max: number): number | string => {
    const raw = get(name);
    if (raw === undefined) return def ?? `${name} is required.`;
    const n = Number(raw.replace(/_/g, ''));
    return Number.isInteger(n) && n >= min && n <= max ? n : `${name} must be a whole number from ${min} to ${max} (got '${raw}').`;
  };
  const samples = whole('--samples', undefined, 1, 5_000_000);
  const batch = whole('--batch', 1000, 1, 50_000);
  const seed = whole('--seed', 20261122, 0, 2 ** 31);
  for (const v of [samples, batch, seed]) if (typeof v === 'string') return v;
  if (get('--data-dir') && get('--database-url')) return 'Give either --data-dir or --database-url, not both.';
  return {
    samples: samples as number, batch: batch as number, seed: seed as number, trail: argv.includes('--trail'), dataDir: get('--data-dir'), databaseUrl: get('--database-url'),
  };
}

const USAGE = 'Usage: npm run seed:bulk -- --samples N [--data-dir DIR | --database-url URL] [--batch 1000] [--seed 20261122] [--trail]';

export async function seedBulk(argv: string[] = process.argv.slice(4)): Promise<number> {
  const args = parseBulkArgs(argv);
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`);
    return 2;
  }
  const base = loadConfig();
  const config: Config = {
    ...base,
    dataDir: args.dataDir ? (await import('node:path')).resolve(args.dataDir) : base.dataDir,
    databaseUrl: args.dataDir ? null : args.databaseUrl ?? base.databaseUrl,
    seedDemo: true,
  };
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.error(`Opening ${where} ...`);
  const { handle } = await prepareDatabase(config);
  try {
    const t0 = Date.now();
    const counts = await bulkLoad(handle.db, { samples: args.samples, tenant: config.tenant, batch: args.batch, seed: args.seed, trail: args.trail, onProgress: progressBar() });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `Loaded ${counts.samples} samples, ${counts.isolates} isolates, ${counts.plantAssessments} plant assessments, ${counts.transactions} activities, ` +
        `${counts.values} values, ${counts.identifications} identifications (${rows} rows) in ${fmtDuration(Date.now() - t0)}; ` +
        `${args.trail ? `an audit row per sample and ` : ''}one audit row 'seed.bulk'.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}
