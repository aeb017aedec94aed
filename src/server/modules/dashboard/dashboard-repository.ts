import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { BIOCONTROL, FUNCTIONAL_TRAITS, MICROBE_TYPE_TILES, type DashboardFigures } from '../../../shared/dashboard/dashboard';
import type { AllSamplesRow } from '../../../shared/contract/dashboard-endpoints';
import { paged } from '../../lib/paging';

const PAGE = 10;
const TILE_CODES = [...FUNCTIONAL_TRAITS.map((t) => t.shortname), ...BIOCONTROL.map((b) => b.shortname)];

/** Every figure of the dashboard, each one aggregate query (all bound values, no text from the client). */
export async function dashboardFigures(db: Kysely<Database>): Promise<DashboardFigures> {
  const [samples, isolates, microbes, tiles, activities, months] = await Promise.all([
    db.selectFrom('sample_inward')
      .select([sql<number>`count(*)`.as('total'), sql<number>`count(distinct lower(agroclimaticzone))`.as('zones')])
      .where('active', '=', 'Y')
      .executeTakeFirstOrThrow(),
    db.selectFrom('isolate').select(sql<number>`count(*)`.as('n')).where('active', '=', 'Y').executeTakeFirstOrThrow(),
    db.selectFrom('microbe_identification as mi')
      .leftJoin('microbe as m', 'm.id', 'mi.microbe_id')
      .leftJoin('common_master as t', 't.id', 'm.type_id')
      .select([sql<string>`lower(coalesce(t.value, mi.microbe_name, ''))`.as('type'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    // Isolates with an approved positive value per tile short name.
    db.selectFrom('activity_value as v')
      .innerJoin('activity_parameter as p', 'p.id', 'v.parameter_id')
      .innerJoin('activity_transaction as t', 't.id', 'v.transaction_id')
      .select([sql<string>`upper(p.shortname)`.as('code'), sql<number>`count(distinct v.isolate_id)`.as('n')])
      .where('t.status', '=', 'A')
      .where('p.active', '=', 'Y')
      .where('v.num_value', '>', 0)
      .where(sql<boolean>`upper(p.shortname) in (${sql.join(TILE_CODES)})`)
      .groupBy(sql`1`)
      .execute(),
    db.selectFrom('activity_transaction')
      .select([sql<string | null>`status`.as('status'), sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute(),
    db.selectFrom('sample_inward')
      .select([sql<string>`to_char(date_trunc('month', inward_date), 'YYYY-MM')`.as('month'), sql<number>`count(*)`.as('n')])
      .where('active', '=', 'Y')
      .where('inward_date', '>=', sql<string>`(date_trunc('month', current_date) - interval '11 months')::date`)
      .groupBy(sql`1`)
      .execute(),
  ]);

  const byType = new Map(microbes.map((m) => [m.type, Number(m.n)]));
  const typed = Object.fromEntries(MICROBE_TYPE_TILES.map((t) => [t.key, byType.get(t.value.toLowerCase()) ?? 0])) as Record<(typeof MICROBE_TYPE_TILES)[number]['key'], number>;
  const microbeTotal = microbes.reduce((s, m) => s + Number(m.n), 0);
  const tile = new Map(tiles.map((t) => [t.code, Number(t.n)]));
  const status = new Map(activities.map((a) => [a.status, Number(a.n)]));
  const biocontrol = Object.fromEntries(BIOCONTROL.map((b) => [b.key, tile.get(b.shortname) ?? 0])) as Record<(typeof BIOCONTROL)[number]['key'], number>;

  return {
    totalSamples: Number(samples.total),
    agroZones: Number(samples.zones),
    isolates: Number(isolates.n),
    microbes: { total: microbeTotal, ...typed, other: microbeTotal - typed.bacteria - typed.fungi - typed.actinomycetes },
    traits: FUNCTIONAL_TRAITS.map((t) => ({ shortname: t.shortname, label: t.label, count: tile.get(t.shortname) ?? 0 })),
    biocontrol: { total: biocontrol.antifungal + biocontrol.antibacterial + biocontrol.antimicrobial, ...biocontrol },
    activities: {
      notSubmitted: status.get(null) ?? 0, submitted: status.get('S') ?? 0, reverted: status.get('R') ?? 0, approved: status.get('A') ?? 0,
    },
    samplesByMonth: lastTwelveMonths(new Map(months.map((m) => [m.month, Number(m.n)]))),
  };
}

function lastTwelveMonths(counts: Map<string, number>): Array<{ month: string; count: number }> {
  const now = new Date();
  const out: Array<{ month: string; count: number }> = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    out.push({ month, count: counts.get(month) ?? 0 });
  }
  return out;
}

/** checkData: the active samples, newest first, a page of 10 with the total on every row (two queries: see listSamples). */
export async function allSamples(db: Kysely<Database>, page: number): Promise<AllSamplesRow[]> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('sample_inward as s')
      .select((eb) => [
        's.id', 's.sampleinno', 's.sampleno', 's.sampling_date', 's.sampledby', 's.state_name', 's.district_name',
        eb.selectFrom('isolate as i').select(sql<number>`count(*)`.as('n')).whereRef('i.sample_inward_id', '=', 's.id').where('i.active', '=', 'Y').as('isolates'),
      ])
      .where('s.active', '=', 'Y')
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .$call((q) => paged(q, PAGE, (page - 1) * PAGE))
      .execute(),
    db.selectFrom('sample_inward').select(sql<number>`count(*)::int`.as('n')).where('active', '=', 'Y').executeTakeFirstOrThrow(),
  ]);
  return rows.map((r, i) => ({
    id: r.id, srno: (page - 1) * PAGE + i + 1, sampleinno: r.sampleinno, sampleno: r.sampleno, samplingdate: r.sampling_date,
    sampledby: r.sampledby, statesofIndia: r.state_name, district: r.district_name, isolates: Number(r.isolates ?? 0), totalItems: Number(total.n),
  }));
}
