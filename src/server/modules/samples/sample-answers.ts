import type { SampleInwardRecord, SampleInwardRow } from '../../../shared/contract/sample-endpoints';
import type { StatusChangeInfo } from '../../../shared/contract/amendments';
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

/**
 * The answer rows of a list page: each built once, in one shape (spreading the page's rows into new objects two
 * or three times was a visible part of a page's cost under load; bench/history.md, thirteenth entry).
 */
export function rowsOf(
  page: number, listed: { rows: ListedSample[]; total: number; lowerBound?: boolean }, statusChanges: ReadonlyMap<number, StatusChangeInfo | null>,
): SampleInwardRow[] {
  const first = (page - 1) * PAGE_SIZE + 1;
  return listed.rows.map((r, i) => ({
    id: r.id,
    srno: first + i,
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
    totalItems: listed.total,
    // Absent unless the call asked for a capped total (the answer's schema leaves an undefined property out).
    totalIsLowerBound: listed.lowerBound,
    statusChange: statusChanges.get(r.id) ?? null,
  }));
}

/** Audit before/after of a sample (legacy names). */
export const auditSample = (r: SampleRow) => ({ ...recordOf(r) });

export const auditIsolate = (r: IsolateRow) => ({
  id: r.id, sampleInwardId: r.sample_inward_id, samplenov: r.samplenov, isolatecode: r.isolatecode,
  sampletype: r.sampletype, soilph: Number(r.soilph), soilec: Number(r.soilec), soiltds: Number(r.soiltds), version: r.version,
});

