/** The calls of the isolate screen: POST /api/transaction/<legacy name> (spec 001 section 7). */
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import { SAMPLE_TYPE_LOOKUP } from '../../../shared/validation/isolate';
import { postTo } from '../../lib/api';

export const postTransaction = <T>(name: string, body: unknown): Promise<T> => postTo<T>({ group: 'transaction', name }, body);

/** Sample types from the 'Sample Type' master (getMasterData), at most 8. */
export async function sampleTypes(text: string): Promise<MasterItem[]> {
  const answer = await postTransaction<MasterItem[]>('getMasterData', { value: SAMPLE_TYPE_LOOKUP.masterType, message: text });
  return Array.isArray(answer) ? answer.slice(0, SAMPLE_TYPE_LOOKUP.maxResults) : [];
}
