/**
 * The master lookups of the sample inward autocompletes (spec 001 sections 5, 9): which contract entry each
 * asks and with what body, and the shaping of the answer. The calls themselves go through the request layer
 * (crud/use-request); the screen's other calls are SAMPLE_ENDPOINTS.
 */
import { COMMON_MASTER_ENDPOINTS, type MasterItem } from '../../../shared/contract/common-master-endpoints';
import { MASTER_LOOKUP } from '../../../shared/resources/common-master';
import type { EndpointRef } from '../../crud/use-request';

/** What an autocomplete asks for a typed text. */
export interface MasterLookup {
  endpoint: EndpointRef;
  body: Record<string, unknown>;
}

/** At most 8 results are shown (spec 001 section 9); anything but a list is none. */
export const atMost8 = (answer: unknown): MasterItem[] => (Array.isArray(answer) ? (answer as MasterItem[]).slice(0, MASTER_LOOKUP.maxResults) : []);

/** Entries of a master type containing the text (getMasterData). */
export const masterLookup = (type: string, text: string): MasterLookup => ({ endpoint: COMMON_MASTER_ENDPOINTS.getMasterData, body: { value: type, message: text } });

/** The districts of a state (getDependancyData), containing the text. */
export const districtLookup = (state: string, text: string): MasterLookup => ({
  endpoint: COMMON_MASTER_ENDPOINTS.getDependancyData, body: { shortname: state, message: text },
});
