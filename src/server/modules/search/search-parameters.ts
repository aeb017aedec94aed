/**
 * The searchable parameters (spec 001 section 3 "Search parameter names seen"): the sample inward fields, the
 * microbe identification fields and every active parameter of every active Level 1 / Level 2 activity.
 * Fixed fields map to one column each; activity parameters are searched over their typed values.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { changesTo, commitCache } from '../../lib/commit-cache';
import {
  MICROBE_IDENTIFICATION_SET, SAMPLE_INWARD_SET, type SearchFieldType, type SearchParameter, type SearchParameterSet,
} from '../../../shared/contract/search-endpoints';

type Db = Kysely<Database>;

/** A fixed field: its column on the search's row source (s = sample_inward, mi = microbe_identification). */
export interface ColumnField {
  key: string;
  parameterName: string;
  type: SearchFieldType;
  commonmastertype: string | null;
  column:
    | 's.state_name' | 's.district_name' | 's.gpslocation' | 's.source' | 's.agroclimaticzone' | 's.soiltype' | 's.soilcolor'
    | 's.minimumrainfall' | 's.maximumrainfall' | 's.temperature'
    | 'mi.microbe_name' | 'mi.genus' | 'mi.species' | 'mi.percentage_identification' | 'mi.query_coverage' | 'mi.gram_character'
    | 'mi.biosafety_level';
}

const f = (key: string, parameterName: string, type: SearchFieldType, column: ColumnField['column'], commonmastertype: string | null = null): ColumnField =>
  ({ key, parameterName, type, column, commonmastertype });

export const SAMPLE_FIELDS: ColumnField[] = [
  f('sample:state', 'State Of India', 'Dropdown', 's.state_name', 'States of India'),
  f('sample:district', 'District', 'Dropdown', 's.district_name', 'District'),
  f('sample:gps', 'GPS Location', 'text', 's.gpslocation'),
  f('sample:source', 'Source', 'text', 's.source'),
  f('sample:zone', 'Agroclimatic zone', 'Dropdown', 's.agroclimaticzone', 'Agro Climatic Zone'),
  f('sample:soiltype', 'Soil type', 'Dropdown', 's.soiltype', 'Soil Type'),
  f('sample:soilcolor', 'Soil color', 'text', 's.soilcolor'),
  f('sample:minrain', 'Minimum Rainfall', 'number', 's.minimumrainfall'),
  f('sample:maxrain', 'Maximum Rainfall', 'number', 's.maximumrainfall'),
  f('sample:temperature', 'Temperature', 'text', 's.temperature'),
];

export const MICROBE_FIELDS: ColumnField[] = [
  f('microbe:name', 'Microbe', 'Dropdown', 'mi.microbe_name', 'Microbe Type'),
  f('microbe:genus', 'Genus', 'text', 'mi.genus'),
  f('microbe:species', 'Species', 'text', 'mi.species'),
  f('microbe:percentage', 'Percentage Identific', 'number', 'mi.percentage_identification'),
  f('microbe:coverage', 'Query coverage', 'number', 'mi.query_coverage'),
  f('microbe:gram', 'Gram character', 'Dropdown', 'mi.gram_character', 'Gram Character'),
  f('microbe:biosafety', 'Biosafety level', 'text', 'mi.biosafety_level'),
];

/** The identification columns every result row carries (the "document" of the isolate). */
export const RESULT_IDENTIFICATION = MICROBE_FIELDS.slice(0, 3);

/** An activity parameter as the search sees it. */
export interface ValueField {
  key: string;
  parameterId: number;
  parameterName: string;
  type: SearchFieldType;
  commonmastertype: string | null;
  options: string[] | null;
  activityName: string;
  level: 'Level 1' | 'Level 2';
  sequence: number;
}

export type SearchField = ({ kind: 'column' } & ColumnField) | ({ kind: 'value' } & ValueField);

interface ParamRow {
  id: number;
  parameter_name: string;
  param_type: string;
  unit_type: string;
  boolean_yes: string | null;
  boolean_no: string | null;
  sequence: number;
  master_type: string | null;
  activity_id: number;
  activity_name: string;
  level: 'Level 1' | 'Level 2';
}

function typeOf(p: ParamRow): SearchFieldType {
  if (p.unit_type === 'Float' || p.unit_type === 'Integer' || p.param_type === 'Number') return 'number';
  if (p.unit_type === 'Date' || p.param_type === 'Date-Control') return 'Date';
  if (p.unit_type === 'Boolean' || p.unit_type === 'MasterData' || p.param_type === 'Dropdown') return 'Dropdown';
  return 'text';
}

function valueField(p: ParamRow): ValueField {
  const type = typeOf(p);
  return {
    key: `param:${p.id}`,
    parameterId: p.id,
    parameterName: p.parameter_name,
    type,
    commonmastertype: type === 'Dropdown' && p.unit_type !== 'Boolean' ? p.master_type : null,
    options: p.unit_type === 'Boolean' ? [p.boolean_yes ?? 'Yes', p.boolean_no ?? 'No'] : null,
    activityName: p.activity_name,
    level: p.level,
    sequence: p.sequence,
  };
}

/**
 * The parameter definitions every search reads before its own statements (the filters' fields by id, or every active
 * one by name and for the parameter sets), kept between calls (lib/commit-cache.ts): a saved parameter set, activity
 * type or master type drops them in this process; another process's change shows within 5 s. One statement fewer a
 * search: at 1M samples, 8 connections searching with one filter got 548 answers/s against 434 (median of 3 runs of
 * 10 s each way, bench/history.md); one user alone saw no difference. The rows are shared: callers map them to new
 * objects and never change them.
 */
const definitions = commitCache<readonly ParamRow[]>({
  name: 'search parameter definitions', maxAgeMs: 5_000, maxEntries: 1_000, dropOn: changesTo('activity_parameter', 'activity_type', 'common_master_type'),
});

function activityParameters(db: Db, ids?: number[]): Promise<readonly ParamRow[]> {
  const key = ids ? [...new Set(ids)].sort((a, b) => a - b).join(',') : 'active';
  return definitions.get(db, key, () => readActivityParameters(db, ids));
}

async function readActivityParameters(db: Db, ids?: number[]): Promise<ParamRow[]> {
  let q = db
    .selectFrom('activity_parameter as p')
    .innerJoin('activity_type as a', 'a.id', 'p.activity_type_id')
    .leftJoin('common_master_type as t', 't.id', 'p.common_master_type_id')
    .select([
      'p.id', 'p.parameter_name', 'p.param_type', 'p.unit_type', 'p.boolean_yes', 'p.boolean_no', 'p.sequence', 't.type as master_type',
      'a.id as activity_id', 'a.name as activity_name', 'a.level',
    ]);
  // A saved search may name a parameter since deactivated: it still resolves by id (its values remain).
  q = ids ? q.where('p.id', 'in', ids.length ? ids : [0]) : q.where('p.active', '=', 'Y').where('a.active', '=', 'Y');
  return q.orderBy('a.level').orderBy('a.sequence').orderBy('a.name').orderBy('p.sequence').execute();
}

const asParameter = (x: ColumnField | ValueField, i: number): SearchParameter => ({
  key: x.key, parameterName: x.parameterName, type: x.type, commonmastertype: x.commonmastertype,
  options: 'options' in x ? x.options : null, sequence: 'sequence' in x ? x.sequence : i + 1,
});

/** SAMPLE INWARD, MICROBE IDENTIFICATION, then each active activity with its active parameters. */
export async function parameterSets(db: Db): Promise<SearchParameterSet[]> {
  const sets: SearchParameterSet[] = [
    { key: 'sample', label: SAMPLE_INWARD_SET, level: 'Sample', parameters: SAMPLE_FIELDS.map(asParameter) },
    { key: 'microbe', label: MICROBE_IDENTIFICATION_SET, level: 'Identification', parameters: MICROBE_FIELDS.map(asParameter) },
  ];
  const byActivity = new Map<number, SearchParameterSet>();
  for (const p of await activityParameters(db)) {
    let set = byActivity.get(p.activity_id);
    if (!set) {
      set = { key: `activity:${p.activity_id}`, label: p.activity_name, level: p.level, parameters: [] };
      byActivity.set(p.activity_id, set);
      sets.push(set);
    }
    set.parameters.push(asParameter(valueField(p), 0));
  }
  return sets;
}

/**
 * Resolves the fields named by filter rows: by key ('sample:..', 'microbe:..', 'param:<id>'), else by the
 * spec's parameterName (fixed fields first, then the active activity parameters). Unknown: null.
 */
export async function resolveFields(db: Db, rows: Array<{ key?: unknown; parameterName?: unknown }>): Promise<Array<SearchField | null>> {
  const fixed = [...SAMPLE_FIELDS, ...MICROBE_FIELDS];
  const ids = rows
    .map((r) => (typeof r.key === 'string' ? /^param:(\d{1,9})$/.exec(r.key)?.[1] : undefined))
    .filter((x): x is string => x !== undefined).map(Number);
  const needNames = rows.some((r) => typeof r.key !== 'string' || r.key === '');
  const byId = new Map((await activityParameters(db, ids)).map((p) => [p.id, valueField(p)]));
  const active = needNames ? (await activityParameters(db)).map(valueField) : [];
  return rows.map((r) => {
    if (typeof r.key === 'string' && r.key !== '') {
      const col = fixed.find((x) => x.key === r.key);
      if (col) return { kind: 'column', ...col };
      const id = /^param:(\d{1,9})$/.exec(r.key)?.[1];
      const v = id ? byId.get(Number(id)) : undefined;
      return v ? { kind: 'value', ...v } : null;
    }
    const name = typeof r.parameterName === 'string' ? r.parameterName.trim().toLowerCase() : '';
    const col = fixed.find((x) => x.parameterName.toLowerCase() === name);
    if (col) return { kind: 'column', ...col };
    const v = active.find((x) => x.parameterName.toLowerCase() === name);
    return v ? { kind: 'value', ...v } : null;
  });
}
