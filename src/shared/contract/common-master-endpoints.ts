import type { EndpointSpec } from './endpoints';
import type { DependencyPair } from '../validation/dependency-values';

/**
 * Common master entries (spec 000 sections 2, 3, 5, 7, 8) and the master-data lookups of the workflow
 * screens (spec 001 section 7). Served by server/modules/common-master. The common master TYPES are a
 * simple master (shared/resources/common-master-type: getCommasterType, savecommonmastertype,
 * changeStatusForCommonMasterType, getCommasterTypefordropdown, getCommasterTypefordependacy, ...).
 */
export const COMMON_MASTER_ENDPOINTS = {
  getCommonMaster: {
    group: 'master', name: 'getCommonMaster', auth: 'session', permission: 'view',
    summary: "Entries of one type (typeid; all types when absent): a page of ten rows (pageno). message 'true': only entries that depend on another entry.",
  },
  getSearchForcommonMaster: {
    group: 'master', name: 'getSearchForcommonMaster', auth: 'session', permission: 'view',
    summary: "Entries of one type whose short name, value or dependency contains searchText: a page of ten rows. Blank text: 400 'Please Fill Search Text!'.",
  },
  getcommasterByID: {
    group: 'master', name: 'getcommasterByID', auth: 'session', permission: 'view',
    summary: 'One common master entry by id (or trnid), with its type and the entry it depends on.',
  },
  gettypeformasterByID: {
    group: 'master', name: 'gettypeformasterByID', auth: 'session', permission: 'view',
    summary: 'A common master type by id (the read-only master type of the entry form); entryid instead names an entry and answers its type.',
  },
  savecommonmaster: {
    group: 'master', name: 'savecommonmaster', auth: 'session', permission: 'add', permissionOnUpdate: 'edit',
    summary: 'Common master entry save: create (typeid, shortname, value; needs add) or update (id, optional version; needs edit).',
  },
  changeStatusForCommonMaster: {
    group: 'master', name: 'changeStatusForCommonMaster', auth: 'session', permission: 'delete',
    summary: 'Deactivate (activeStatus N) or reactivate (Y) a common master entry.',
  },
  gettypeformasterByIDfordependancy: {
    group: 'master', name: 'gettypeformasterByIDfordependancy', auth: 'session', permission: 'view',
    summary: "Dependency mode: a type by id, with the type its entries depend on (typeidfordep) when they do.",
  },
  getCommonMasterfordependancy: {
    group: 'master', name: 'getCommonMasterfordependancy', auth: 'session', permission: 'view',
    summary: 'Dependency mode: the active entries of the parent type typeidfordep, as {id, shortname, value}, ordered by short name.',
  },
  getdependentCommonMaster: {
    group: 'master', name: 'getdependentCommonMaster', auth: 'session', permission: 'view',
    summary: 'The entries that depend on one entry (named by id, or by its typeid and shortname).',
  },
  savecommonmasterdependancy: {
    group: 'master', name: 'savecommonmasterdependancy', auth: 'session', permission: 'add',
    summary: "Dependency save: creates the pairs of valueforjson (or distList) as entries of typeid depending on an entry of typeidfordep; a short name taken answers status Error1 with massage.",
  },
  getMasterData: {
    group: 'transaction', name: 'getMasterData', auth: 'session', permission: 'view',
    summary: 'Autocomplete: up to 8 active entries of the master type named by value whose short name or value contains message (3 characters or more).',
  },
  getDependancyData: {
    group: 'transaction', name: 'getDependancyData', auth: 'session', permission: 'view',
    summary: "The active District entries of the state (of 'States of India') named by shortname (its short name or value).",
  },
} as const satisfies Record<string, EndpointSpec>;

export type CommonMasterEndpointName = keyof typeof COMMON_MASTER_ENDPOINTS;

// ---- request and answer shapes ------------------------------------------------------------------

export interface CommonMasterListRequest { typeid?: number | string; pageno?: number | string; userID?: unknown; message?: string | boolean }
export interface CommonMasterSearchRequest extends CommonMasterListRequest { searchText: string }

/** A row of the entries list (and of getdependentCommonMaster). depen*: the entry this one depends on. */
export interface CommonMasterRow {
  id: number;
  srno: number;
  typeid: number;
  type: string;
  shortname: string;
  value: string;
  activeStatus: 'Y' | 'N';
  depenid: number | null;
  depenshortname: string | null;
  depenname: string | null;
  depentypeid: number | null;
  depentype: string | null;
  totalItems: number;
}

/** getcommasterByID */
export type CommonMasterEntry = Omit<CommonMasterRow, 'srno' | 'totalItems'> & { version: number };

export interface CommonMasterSaveRequest { id?: number | string | null; typeid: number | string; shortname: string; value: string; version?: number | string }
export type CommonMasterSaveAnswer =
  | { status: 'Success'; message: 'Record Saved Successfully!'; id: number }
  | { status: 'Failed'; status1: 'Success1'; rescoremessage: string };

/** gettypeformasterByID, gettypeformasterByIDfordependancy */
export interface CommonMasterTypeInfo {
  id: number;
  typeid: number;
  code: string;
  type: string;
  activeStatus: 'Y' | 'N';
  /** Dependency mode only: the type the entries of this type depend on, when any do. */
  typeidfordep?: number | null;
  typefordep?: string | null;
}

export interface MasterItem { id: number; shortname: string; value: string }

export interface DependencySaveRequest {
  /** The type the new entries belong to (e.g. District). */
  typeid: number | string;
  /** The type of the entry they depend on (e.g. States of India). */
  typeidfordep: number | string;
  /** The entry they depend on: its id or its short name. */
  typeidfordepsortname: number | string;
  /** 'shortcode:value,shortname:value' */
  valueforjson?: string;
  /** The pair table after inline edits; when given it is what is saved. */
  distList?: DependencyPair[];
}
export type DependencySaveAnswer =
  | { status: 'Success'; message: 'Record Saved Successfully!'; ids: number[] }
  | { status: 'Error1'; massage: string };

export interface MasterDataRequest { value: string; message?: string; shortname?: string }
export interface DependancyDataRequest { shortname: string; message?: string }
