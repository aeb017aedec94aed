/**
 * What the microbe screens ask (spec 001 section 7): the microbe master lookups under /api/master/, the gram
 * character lookup and the identification calls under /api/transaction/, with the bodies and answer shaping
 * they need. The calls go through the request layer (crud/use-request).
 */
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/endpoints';
import { IDENTIFICATION_ENDPOINTS, MICROBE_LOOKUP_ENDPOINTS } from '../../../shared/contract/microbe-endpoints';
import { MICROBE_MASTER_TYPES } from '../../../shared/resources';

export const MICROBE_CALLS = {
  microbeTypes: MICROBE_LOOKUP_ENDPOINTS.getCommonMastermicrobe,
  genera: MICROBE_LOOKUP_ENDPOINTS.getCommonMastermicrobeforGenus,
  species: MICROBE_LOOKUP_ENDPOINTS.getCommonMasterforspecies,
  gramCharacters: COMMON_MASTER_ENDPOINTS.getMasterData,
  identification: IDENTIFICATION_ENDPOINTS.getmicrobeidentificationByid,
  saveIdentification: IDENTIFICATION_ENDPOINTS.savemicrobidentification,
  awaiting: IDENTIFICATION_ENDPOINTS.getIsolatesForIdentification,
} as const;

/** The body of the lookup of gram characters containing `message` (the 'Gram Character' master). */
export const gramCharactersBody = (message: string) => ({ value: MICROBE_MASTER_TYPES.gramCharacter, message });

/** A field of each item of a list answer; anything but a list is none. */
export const fieldOf = <K extends string>(answer: unknown, key: K): string[] =>
  (Array.isArray(answer) ? (answer as Array<Record<K, string>>).map((i) => i[key]) : []);

/** Back from an identification opened from the awaiting list goes to that list's page (`?from=list`). */
export const FROM_LIST = 'list';

/** The identification screen of an isolate opened from the awaiting list at `page`. */
export const identificationPath = (id: number, samplenov: string, page: number): string =>
  `/MicrobeIdentification/${encodeURIComponent(String(id))}/${encodeURIComponent(samplenov)}/${page}?from=${FROM_LIST}`;
