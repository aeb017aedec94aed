/**
 * The calls of the sample inward screens: POST /api/transaction/<legacy name> (spec 001 section 7), through
 * the app's one HTTP client (lib/http), plus the common-master lookups of the autocompletes.
 */
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import { MASTER_LOOKUP } from '../../../shared/resources/common-master';
import { postTo } from '../../lib/api';

export const postTransaction = <T>(name: string, body: unknown): Promise<T> => postTo<T>({ group: 'transaction', name }, body);

const atMost8 = (answer: unknown): MasterItem[] => (Array.isArray(answer) ? (answer as MasterItem[]).slice(0, MASTER_LOOKUP.maxResults) : []);

/** Entries of a master type containing the text (getMasterData). */
export async function masterItems(type: string, text: string): Promise<MasterItem[]> {
  return atMost8(await postTransaction<MasterItem[]>('getMasterData', { value: type, message: text }));
}

/** The districts of a state (getDependancyData), containing the text. */
export async function districtItems(state: string, text: string): Promise<MasterItem[]> {
  return atMost8(await postTransaction<MasterItem[]>('getDependancyData', { shortname: state, message: text }));
}
