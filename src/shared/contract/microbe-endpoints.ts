import type { AmendmentInfo } from './amendments';
import type { EndpointSpec } from './endpoints';
import { masterEndpointsOf, type MasterEndpoint } from './master-endpoints';
import { microbe } from '../resources/microbe';

/**
 * Microbe master and microbe identification (spec 001 sections 2, 3, 7, 8). Served by server/modules/microbes.
 * The master's list, search, by id, save and status calls come from the microbe definition like any master's;
 * the lookups and the identification calls are hand-written. Answer shapes are not shown in the spec: ours
 * are in the summaries (they feed the OpenAPI at /api/docs).
 */
export const MICROBE_MASTER_ENDPOINTS: readonly MasterEndpoint[] = masterEndpointsOf(microbe);

export const MICROBE_LOOKUP_ENDPOINTS = {
  getCommasterTypeformicrobe: {
    group: 'master', name: 'getCommasterTypeformicrobe', auth: 'session', permission: 'view',
    summary: "The common master type of the microbe types ('Microbe Type'): [{id, typeid, code, type}], empty when it does not exist.",
  },
  getCommonMastermicrobe: {
    group: 'master', name: 'getCommonMastermicrobe', auth: 'session', permission: 'view',
    summary: "The microbe types (active entries of 'Microbe Type': Bacteria, Fungi, ...): [{id, shortname, value, microbeTypename}], by short name.",
  },
  getCommonMastermicrobeforGenus: {
    group: 'master', name: 'getCommonMastermicrobeforGenus', auth: 'session', permission: 'view',
    summary: 'The genera of the active microbe master rows of one microbe type (bactid or typeid; message filters): [{genus, shortname}], distinct, case-insensitive order.',
  },
  getCommonMasterforspecies: {
    group: 'master', name: 'getCommonMasterforspecies', auth: 'session', permission: 'view',
    summary: 'The species of one microbe type (bactid or typeid) and genus among the active microbe master rows: [{id (the microbe), genus, species, shortname}].',
  },
  getallGenus: {
    group: 'master', name: 'getallGenus', auth: 'session', permission: 'view',
    summary: 'Every genus of the active microbe master rows (message: contains, at most 8 then): [{genus, shortname}], distinct, case-insensitive order.',
  },
  getallSpecies: {
    group: 'master', name: 'getallSpecies', auth: 'session', permission: 'view',
    summary: 'Every species of the active microbe master rows (genus: of that genus; message: contains, at most 8 then): [{species, shortname}], distinct.',
  },
} as const satisfies Record<string, EndpointSpec>;

export const IDENTIFICATION_ENDPOINTS = {
  getmicrobeidentificationByid: {
    group: 'transaction', name: 'getmicrobeidentificationByid', auth: 'session', permission: 'microbe',
    summary: 'The isolate named by samplenov (sample code version; or isolateid) with its microbe identification, if any (id and version null when none). Needs the microbe flag.',
  },
  savemicrobidentification: {
    group: 'transaction', name: 'savemicrobidentification', auth: 'session', permission: 'microbe',
    summary: "Creates or updates the one microbe identification of an isolate (samplenov). version: absent = no check (legacy), 0 = 'none existed', n = the version read; stale -> 409. Answer {statuss:'Success', message:'Record Saved Successfully!', id, version}.",
  },
  // Not in the spec: the list the Microbe Identification menu entry opens (the spec's screen needs an isolate).
  getIsolatesForIdentification: {
    group: 'transaction', name: 'getIsolatesForIdentification', auth: 'session', permission: 'microbe',
    summary: 'The active isolates of active samples that have no microbe identification yet, newest first, ten a page (pageno; message: sample code, sample code version or isolate code contains). Needs the microbe flag.',
  },
} as const satisfies Record<string, EndpointSpec>;

export type MicrobeLookupName = keyof typeof MICROBE_LOOKUP_ENDPOINTS;

/** Every microbe endpoint. */
export const MICROBE_ENDPOINTS: readonly EndpointSpec[] = [
  ...MICROBE_MASTER_ENDPOINTS, ...Object.values(MICROBE_LOOKUP_ENDPOINTS), ...Object.values(IDENTIFICATION_ENDPOINTS),
];

// ---- request and answer shapes ------------------------------------------------------------------

/** A row of getmicrobemasterhome / getSearchForMicrobemaster. */
export interface MicrobeRow {
  id: number;
  srno: number;
  typeid: number;
  bactid: number;
  microbeTypename: string;
  genus: string;
  species: string;
  activestatus: 'Y' | 'N';
  totalItems: number;
}

export interface MicrobeTypeItem { id: number; shortname: string; value: string; microbeTypename: string }
export interface GenusItem { genus: string; shortname: string }
export interface SpeciesItem { id: number; genus: string; species: string; shortname: string }

export interface IdentificationRequest { samplenov?: string; isolateid?: number | string; id?: unknown; userID?: unknown }

/** getmicrobeidentificationByid */
export interface IdentificationRecord {
  isolateid: number;
  isolatecode: string;
  samplenov: string;
  sampleno: string;
  /** The identification's id; null when the isolate has none yet. */
  id: number | null;
  bactid: number | null;
  typeid: number | null;
  /** The microbe (type) name; spelled as in the legacy contract. */
  microbeNmae: string | null;
  genus: string | null;
  species: string | null;
  percentageIdentification: number | null;
  queryCoverage: number | null;
  gramCharacter: string | null;
  biosafetyLevel: string | null;
  /** null when none exists (send 0 to say so on save). */
  version: number | null;
  /** A change is an amendment (submitted or approved results rest on it): the save needs amendmentReason. */
  amendmentRequired?: boolean;
  /** The caller may change it (they recorded it, or they are a Top Role user; anyone may create the first). */
  canEdit?: boolean;
  createdBy?: string | null;
  amendments?: AmendmentInfo[];
}

export interface IdentificationSaveRequest {
  samplenov: string;
  bactid: number | string;
  genus: string;
  species: string;
  percentageIdentification: number | string;
  queryCoverage: number | string;
  gramCharacter?: string | null;
  biosafetyLevel?: string | null;
  version?: number | null;
  /** Needed when changing an identification that submitted or approved results rest on. */
  amendmentReason?: string | null;
  userID?: unknown;
}
/** A row of getIsolatesForIdentification. */
export interface AwaitingIdentificationRow {
  srno: number;
  /** The isolate's id. */
  id: number;
  samplenov: string;
  isolatecode: string;
  sampleno: string;
  sampletype: string;
  /** When the isolate was coded (ISO 8601, UTC). */
  codedAt: string;
  totalItems: number;
}

export interface IdentificationSaveAnswer { statuss: 'Success'; message: 'Record Saved Successfully!'; id: number; version: number }
