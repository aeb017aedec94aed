/**
 * What a master autocomplete (crud/master-autocomplete) asks for a typed text: the contract entry and the body,
 * and the shaping of the answer (spec 001 section 9: at most 8 results).
 */
import { COMMON_MASTER_ENDPOINTS, type MasterItem } from '../../shared/contract/common-master-endpoints';
import { MASTER_LOOKUP } from '../../shared/resources/common-master';
import type { EndpointRef } from './use-request';

/** What an autocomplete asks for a typed text. */
export interface MasterLookup {
  endpoint: EndpointRef;
  body: Record<string, unknown>;
}

/** At most 8 results are shown (spec 001 section 9); anything but a list is none. */
export const atMost8 = (answer: unknown): MasterItem[] => (Array.isArray(answer) ? (answer as MasterItem[]).slice(0, MASTER_LOOKUP.maxResults) : []);

/** Entries of a master type containing the text (getMasterData). */
export const masterLookup = (type: string, text: string): MasterLookup => ({ endpoint: COMMON_MASTER_ENDPOINTS.getMasterData, body: { value: type, message: text } });
