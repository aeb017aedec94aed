/**
 * The Sample Type lookup of the isolate screen (spec 001 sections 5, 9): the contract entry and body it asks
 * with, and the answer's shaping. The calls go through the request layer (crud/use-request); the screen's
 * other calls are SAMPLE_ENDPOINTS.
 */
import { COMMON_MASTER_ENDPOINTS, type MasterItem } from '../../../shared/contract/common-master-endpoints';
import { SAMPLE_TYPE_LOOKUP } from '../../../shared/validation/isolate';

export const SAMPLE_TYPES = COMMON_MASTER_ENDPOINTS.getMasterData;

/** The body of the lookup of sample types containing `text` (the 'Sample Type' master). */
export const sampleTypesBody = (text: string) => ({ value: SAMPLE_TYPE_LOOKUP.masterType, message: text });

/** At most 8 sample types; anything but a list is none. */
export const sampleTypeOptions = (answer: unknown): MasterItem[] =>
  (Array.isArray(answer) ? (answer as MasterItem[]).slice(0, SAMPLE_TYPE_LOOKUP.maxResults) : []);
