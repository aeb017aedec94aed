/**
 * The calls of the sample inward screens: POST /api/transaction/<legacy name> (spec 001 section 7), through
 * the app's one HTTP client (lib/http), plus the common-master lookups of the autocompletes.
 */
import { path } from '../../../shared/contract/endpoints';
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import { MASTER_LOOKUP } from '../../../shared/resources/common-master';
import { loadHttp } from '../../lib/api';

export async function postTransaction<T>(name: string, body: unknown): Promise<T> {
  const http = await loadHttp();
  return http.post<T>(path({ group: 'transaction', name }), body);
}

const atMost8 = (answer: unknown): MasterItem[] => (Array.isArray(answer) ? (answer as MasterItem[]).slice(0, MASTER_LOOKUP.maxResults) : []);

/** Entries of a master type containing the text (getMasterData). */
export async function masterItems(type: string, text: string): Promise<MasterItem[]> {
  return atMost8(await postTransaction<MasterItem[]>('getMasterData', { value: type, message: text }));
}

/** The districts of a state (getDependancyData), containing the text. */
export async function districtItems(state: string, text: string): Promise<MasterItem[]> {
  return atMost8(await postTransaction<MasterItem[]>('getDependancyData', { shortname: state, message: text }));
}
