/**
 * The calls of a master resource (spec 000 section 7): every one is POST /api/master/<legacy name>, the
 * names coming from the resource definition. Sagas call these with `call(crudApi.x, resource, body)`.
 * The HTTP client is the app's one axios instance (lib/http, headers added there), loaded on first use.
 */
import type { ResourceDef } from '../../shared/resources/types';
import { postTo } from '../lib/api';

/** A row or record in the legacy field names. */
export type Row = Record<string, unknown>;

/** A save or status answer: status / status1 / status2, message, rescoremessage, id. */
export interface CrudAnswer {
  status?: string;
  status1?: string;
  status2?: string;
  message?: string;
  rescoremessage?: string;
  id?: number;
  [key: string]: unknown;
}

export interface ListBody { pageno: number; userID: number | null }
export interface SearchBody extends ListBody { searchText: string }
export interface StatusBody { id: number; activeStatus: 'N' | 'Y'; userID: number | null }

/** POST /api/master/<legacy name>: also the hand-written master screens' calls (common master entries, parameters). */
export const postMaster = <T>(name: string, body: unknown): Promise<T> => postTo<T>({ group: 'master', name }, body);
const post = postMaster;

export const crudApi = {
  list: (r: ResourceDef, body: ListBody) => post<Row[]>(r.endpoints.list, body),
  search: (r: ResourceDef, body: SearchBody) => post<Row[]>(r.endpoints.search, body),
  byId: (r: ResourceDef, body: { id: number }) => post<Row>(r.endpoints.byId, body),
  save: (r: ResourceDef, body: Record<string, unknown>) => post<CrudAnswer>(r.endpoints.save, body),
  status: (r: ResourceDef, body: StatusBody) => post<CrudAnswer>(r.endpoints.status, body),
  /** Any other master call by its legacy name (lookups feeding selects, hand-written screens). */
  call: <T = unknown>(name: string, body: Record<string, unknown> = {}) => post<T>(name, body),
};

export type CrudApi = typeof crudApi;
