import type { SampleInwardRecord, SampleInwardRow } from '../../../shared/contract/sample-endpoints';
import { PAGE_SIZE, type IsolateRow, type ListedSample, type SampleRow } from './sample-repository';

/** Request values and answer shapes of the sample and isolate routes (legacy field names). */

export function recordOf(r: SampleRow): SampleInwardRecord {
  return {
    id: r.id,
    sampleinno: r.sampleinno,
    sampleno: r.sampleno,
    otp: r.otp,
    samplingdate: r.sampling_date,
    samplecollectdate: r.inward_date,
    sampledby: r.sampledby,
    resourceName: r.resource_name,
    resourceID: r.resource_id,
    statesofIndia: r.state_name,
    statesofIndiaId: r.state_id,
    district: r.district_name,
    districtId: r.district_id,
    gpslocation: r.gpslocation,
    source: r.source,
    agroclimaticzone: r.agroclimaticzone,
    minimumrainfall: Number(r.minimumrainfall),
    maximumrainfall: Number(r.maximumrainfall),
    temperature: r.temperature,
    soiltype: r.soiltype,
    soilcolor: r.soilcolor,
    typedataof: r.typedataof,
    active: r.active,
    version: r.version,
  };
}

export function rowsOf(page: number, rows: Array<ListedSample & { total_items: number; total_is_lower_bound?: boolean }>): SampleInwardRow[] {
  return rows.map((r, i) => ({
    id: r.id,
    srno: (page - 1) * PAGE_SIZE + i + 1,
    samplingdate: r.sampling_date,
    samplecollectdate: r.inward_date,
    sampledby: r.sampledby,
    resourceName: r.resource_name,
    sampleinno: r.sampleinno,
    sampleno: r.sampleno,
    statesofIndia: r.state_name,
    district: r.district_name,
    typedataof: r.typedataof,
    active: r.active,
    totalItems: Number(r.total_items),
    ...(r.total_is_lower_bound === undefined ? {} : { totalIsLowerBound: r.total_is_lower_bound }),
  }));
}

/** Audit before/after of a sample (legacy names). */
export const auditSample = (r: SampleRow) => ({ ...recordOf(r) });

export const auditIsolate = (r: IsolateRow) => ({
  id: r.id, sampleInwardId: r.sample_inward_id, samplenov: r.samplenov, isolatecode: r.isolatecode,
  sampletype: r.sampletype, soilph: Number(r.soilph), soilec: Number(r.soilec), soiltds: Number(r.soiltds), version: r.version,
});

