import type { AmendmentInfo, StatusChangeInfo } from './amendments';
import type { EndpointSpec } from './endpoints';
import { CAPPED_LIST_TOTAL } from './list-total';

/**
 * Sample inward and isolates (spec 001 sections 2-5, 7, 8), POST /api/transaction/<name>. Served by
 * server/modules/samples. Reads need 'view', creates 'add', an update of a sample 'edit', the delete
 * (active N) 'delete'.
 */
export const SAMPLE_ENDPOINTS = {
  savesampleinverd: {
    group: 'transaction', name: 'savesampleinverd', auth: 'session', permission: 'add', permissionOnUpdate: 'edit',
    summary: "Sample inward save: create (no id; needs add) gets its sample inwarded number, sample code and OTP in the save transaction; update (id, version; needs edit). Answer {status:'Success', message:<OTP>} or {status:'Success1', message}.",
  },
  getsamphome: {
    group: 'transaction', name: 'getsamphome', auth: 'session', permission: 'view',
    summary: 'Sample inward list: a page of ten rows (pageno), newest first, with totalItems.',
  },
  getSearchForsampleinward: {
    group: 'transaction', name: 'getSearchForsampleinward', auth: 'session', permission: 'view',
    summary: `Sample inward search (searchText in number, code, sampled by, inwarded by, state, district, source; countUpTo?): a page of ten rows. Blank text: 400 'Please Enter Some Text To Search!'. ${CAPPED_LIST_TOTAL}`,
  },
  getsapleivertById: {
    group: 'transaction', name: 'getsapleivertById', auth: 'session', permission: 'view',
    summary: 'One sample inward record by id (with its OTP and version).',
  },
  changesampleinStatus: {
    group: 'transaction', name: 'changesampleinStatus', auth: 'session', permission: 'delete',
    summary: "Delete (active N) or reactivate (active Y) a sample inward. Answer {status:'Success', message} or {status:'Success1', rescoremessage}.",
  },
  getOtpForIsolated: {
    group: 'transaction', name: 'getOtpForIsolated', auth: 'session', permission: 'view',
    summary: 'The OTPs of the active inward samples that have no isolate yet (create mode of the Isolate screen), newest first.',
  },
  getoverwrightotp: {
    group: 'transaction', name: 'getoverwrightotp', auth: 'session', permission: 'view',
    summary: 'The sample of an OTP and the next isolate code as organismtype (a preview; the code is taken when the isolate is saved).',
  },
  getfindisolate: {
    group: 'transaction', name: 'getfindisolate', auth: 'session', permission: 'view',
    summary: "Sample code search (sampleno or searchText; a sample code version finds its sample): the sample, its next sample code version and the next isolate code (organismtype). Blank: 400 'Please Enter Sample Code'.",
  },
  getSamplingData: {
    group: 'transaction', name: 'getSamplingData', auth: 'session', permission: 'view',
    summary: 'The sample inward record of a sample code (sampleno) or of a sample code version (samplenov), with the isolate of that version.',
  },
  saveisolatecodereplacetootp: {
    group: 'transaction', name: 'saveisolatecodereplacetootp', auth: 'session', permission: 'add',
    summary: "Create mode: the first isolate of the sample of an OTP. Answer {statuss:'Success', message:<samplenov>, isolatecode} or {statuss:'Success1', rescoremessage}.",
  },
  saveisolatecode: {
    group: 'transaction', name: 'saveisolatecode', auth: 'session', permission: 'add',
    summary: "Other mode: another isolate (the next sample code version) of a sample code. Answer {statuss:'Success', message:<samplenov>, isolatecode} or {statuss:'Success1', rescoremessage}.",
  },
} as const satisfies Record<string, EndpointSpec>;

export type SampleEndpointName = keyof typeof SAMPLE_ENDPOINTS;

/** The fields of the sample inward form, in the legacy names. */
export interface SampleInwardFields {
  samplingdate: string;
  /** The sample inwarded date. */
  samplecollectdate: string;
  sampledby: string;
  /** Sample inwarded by. */
  resourceName: string;
  resourceID?: number | null;
  statesofIndia: string;
  statesofIndiaId?: number | null;
  district: string;
  districtId?: number | null;
  gpslocation: string;
  source: string;
  agroclimaticzone: string;
  minimumrainfall: number | string;
  maximumrainfall: number | string;
  temperature: string;
  soiltype: string;
  soilcolor: string;
}

export interface SampleInwardSaveRequest extends SampleInwardFields {
  id?: number | null;
  version?: number | null;
  /** Needed when submitted or approved results rest on the sample (the record says amendmentRequired). */
  amendmentReason?: string | null;
  userID?: unknown;
}

export type SampleInwardSaveAnswer =
  | { status: 'Success'; message: string; id: number; sampleinno: string; sampleno: string }
  | { status: 'Success1'; message: string };

/** getsapleivertById (and the rows of the list, without otp and version). */
export interface SampleInwardRecord extends SampleInwardFields {
  id: number;
  sampleinno: string;
  sampleno: string;
  otp: string;
  typedataof: string;
  active: 'Y' | 'N';
  version: number;
  statesofIndiaId: number | null;
  districtId: number | null;
  resourceID: number | null;
  minimumrainfall: number;
  maximumrainfall: number;
  /** getsapleivertById only: a change is an amendment (submitted or approved results rest on the sample). */
  amendmentRequired?: boolean;
  /** getsapleivertById only: the caller registered it or is a Top Role user. */
  canEdit?: boolean;
  createdBy?: string;
  amendments?: AmendmentInfo[];
  statusChange?: StatusChangeInfo | null;
}

export interface SampleInwardRow {
  id: number;
  srno: number;
  samplingdate: string;
  samplecollectdate: string;
  sampledby: string;
  resourceName: string;
  sampleinno: string;
  sampleno: string;
  statesofIndia: string;
  district: string;
  typedataof: string;
  active: 'Y' | 'N';
  totalItems: number;
  /** A search asked with countUpTo: true when there are more matches than countUpTo (totalItems is then countUpTo + 1, a lower bound). */
  totalIsLowerBound?: boolean;
  /** Who deleted or restored the sample last, when and why. */
  statusChange?: StatusChangeInfo | null;
}

export interface SampleListRequest {
  pageno?: number | string;
  userID?: unknown;
  searchText?: string;
  /** getSearchForsampleinward: count the matches only up to this many (see totalIsLowerBound). */
  countUpTo?: number;
}

export type SampleStatusAnswer =
  | { status: 'Success'; message: string }
  | { status: 'Success1'; rescoremessage: string };

/** getOtpForIsolated */
export interface OtpItem { id: number; otp: string; sampleno: string; sampleinno: string }

/** getoverwrightotp, getfindisolate: the sample, the next sample code version and the next isolate code. */
export interface IsolatePreview {
  id: number;
  sampleno: string;
  sampleinno: string;
  /** The sample code version the save would create (e.g. 'SC000123-2'). */
  samplenov: string;
  /** The next isolate code (a preview). */
  organismtype: string;
  /** How many isolates the sample has. */
  isolates: number;
  sampleInward: SampleInwardRecord;
}

export interface IsolateSaveRequest {
  otp?: string;
  sampleno?: string;
  sampletype: string;
  soilph: number | string;
  soilec: number | string;
  soiltds: number | string;
  organismtype?: string;
  userID?: unknown;
}

export type IsolateSaveAnswer =
  | { statuss: 'Success'; message: string; isolatecode: string; samplenov: string }
  | { statuss: 'Success1'; rescoremessage: string };

/** getSamplingData */
export type SamplingData = SampleInwardRecord & {
  samplenov: string | null;
  isolatecode: string | null;
  sampletype: string | null;
  soilph: number | null;
  soilec: number | null;
  soilTDS: number | null;
};
