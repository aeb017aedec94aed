/**
 * The detailed record of one Sample No.-V (postSearchmicBySamplenov; spec 001 section 3 "Sample lookup
 * response"): the sample inward data with the isolate's fields, the microbe identification, the Level 1
 * activities with their parameter values and status, and the Level 2 activity records (one per plant
 * assessment and activity).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { RecordActivity, RecordAmendment, SampleLookup } from '../../../shared/contract/search-endpoints';
import { amendmentsOf } from '../../lib/amendments';
import { signaturesOf } from '../../lib/signatures';

type Db = Kysely<Database>;

export async function sampleRecord(db: Db, samplenov: string): Promise<SampleLookup | null> {
  const row = await db
    .selectFrom('isolate as i')
    .innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
    .select([
      'i.id as isolate_id', 's.id as sample_id', 'i.samplenov', 'i.isolatecode', 'i.sampletype', 'i.soilph', 'i.soilec', 'i.soiltds',
      's.sampleinno', 's.sampleno', 's.sampling_date', 's.inward_date', 's.sampledby', 's.resource_name', 's.state_name', 's.district_name',
      's.gpslocation', 's.source', 's.agroclimaticzone', 's.minimumrainfall', 's.maximumrainfall', 's.temperature', 's.soiltype', 's.soilcolor',
    ])
    .where('i.samplenov', '=', samplenov)
    .where('s.active', '=', 'Y')
    .executeTakeFirst();
  if (!row) return null;

  const mi = await db.selectFrom('microbe_identification').selectAll().where('isolate_id', '=', row.isolate_id).executeTakeFirst();

  const transactions = await db
    .selectFrom('activity_transaction as t')
    .innerJoin('activity_type as a', 'a.id', 't.activity_type_id')
    .leftJoin('plant_assessment as pa', 'pa.id', 't.plant_assessment_id')
    .select(['t.id', 't.level', 't.status', 't.amended_at', 'a.name', 'a.shortname', 'a.sequence', 'pa.pncode'])
    .where('t.isolate_id', '=', row.isolate_id)
    .orderBy('t.level').orderBy('pa.pncode').orderBy('a.sequence').orderBy('a.name')
    .execute();

  const values = transactions.length
    ? await db
      .selectFrom('activity_value as v')
      .innerJoin('activity_parameter as p', 'p.id', 'v.parameter_id')
      // A master data value is the entry's short name; its value is what people read.
      .leftJoin('common_master as cm', (j) => j
        .onRef('cm.type_id', '=', 'p.common_master_type_id')
        .onRef('cm.shortname', '=', 'v.text_value')
        .on('p.unit_type', '=', 'MasterData'))
      .select(['v.transaction_id', 'p.parameter_name', 'v.text_value', 'v.num_value', 'cm.value as label'])
      .where('v.transaction_id', 'in', transactions.map((t) => t.id))
      .orderBy('p.sequence')
      .execute()
    : [];

  const signatures = await signaturesOf(db, transactions.map((t) => t.id));
  const activities: RecordActivity[] = transactions.map((t) => ({
    id: t.id,
    activityname: t.name,
    shortname: t.shortname,
    activitylevel: t.level,
    sequence: t.sequence,
    status: t.status ?? 'Y',
    samplenov: row.samplenov,
    isolatecode: row.isolatecode,
    pncode: t.pncode,
    parameters: values
      .filter((v) => v.transaction_id === t.id)
      .map((v) => ({
        parameterName: v.parameter_name, input: v.text_value, updatedinputnum: v.num_value === null ? null : Number(v.num_value),
        ...(v.label === null ? {} : { label: v.label }),
      })),
    amended: t.status === 'A' && t.amended_at !== null,
    signatures: signatures.get(t.id) ?? [],
  }));
  const amendments: RecordAmendment[] = [
    ...((await amendmentsOf(db, 'sample_inward', [row.sample_id])).get(row.sample_id) ?? []).map((a) => ({ ...a, record: 'Sample Inward' as const })),
    ...(mi ? ((await amendmentsOf(db, 'microbe_identification', [mi.id])).get(mi.id) ?? []) : []).map((a) => ({ ...a, record: 'Microbe Identification' as const })),
  ].sort((a, b) => b.at.localeCompare(a.at));

  return {
    sampleInward: {
      samplenov: row.samplenov, isolatecode: row.isolatecode, sampleinno: row.sampleinno, sampleno: row.sampleno,
      samplingdate: row.sampling_date, samplecollectdate: row.inward_date, sampledby: row.sampledby, resourceName: row.resource_name,
      statesofIndia: row.state_name, district: row.district_name, gpslocation: row.gpslocation, source: row.source,
      agroclimaticzone: row.agroclimaticzone, soiltype: row.soiltype, soilcolor: row.soilcolor,
      minimumrainfall: Number(row.minimumrainfall), maximumrainfall: Number(row.maximumrainfall), temperature: row.temperature,
      sampletype: row.sampletype, soilph: Number(row.soilph), soilec: Number(row.soilec), soilTDS: Number(row.soiltds),
    },
    microbeIdentification: mi
      ? {
        microbeNmae: mi.microbe_name, genus: mi.genus, species: mi.species,
        percentageIdentification: mi.percentage_identification === null ? null : Number(mi.percentage_identification),
        queryCoverage: mi.query_coverage === null ? null : Number(mi.query_coverage),
        gramCharacter: mi.gram_character, biosafetyLevel: mi.biosafety_level,
      }
      : null,
    activityList: activities.filter((a) => a.activitylevel === 'Level 1'),
    lvl2activityList: activities.filter((a) => a.activitylevel === 'Level 2'),
    amendments,
  };
}
