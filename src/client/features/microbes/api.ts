/**
 * The calls of the microbe screens (spec 001 section 7): the microbe master lookups under /api/master/ and
 * the identification calls under /api/transaction/, through the app's one HTTP client (lib/http).
 */
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/endpoints';
import {
  IDENTIFICATION_ENDPOINTS, MICROBE_LOOKUP_ENDPOINTS,
  type GenusItem, type IdentificationRecord, type IdentificationSaveAnswer, type MicrobeTypeItem, type SpeciesItem,
} from '../../../shared/contract/microbe-endpoints';
import type { MasterItem } from '../../../shared/contract/common-master-endpoints';
import { MICROBE_MASTER_TYPES } from '../../../shared/resources';
import { postTo } from '../../lib/api';

const post = <T>(e: { group: string; name: string }, body: unknown) => postTo<T>(e as Parameters<typeof postTo>[0], body);

const L = MICROBE_LOOKUP_ENDPOINTS;
const I = IDENTIFICATION_ENDPOINTS;

export const microbeApi = {
  microbeTypes: () => post<MicrobeTypeItem[]>(L.getCommonMastermicrobe, {}),
  generaOf: (bactid: number) => post<GenusItem[]>(L.getCommonMastermicrobeforGenus, { bactid }),
  speciesOf: (bactid: number, genus: string) => post<SpeciesItem[]>(L.getCommonMasterforspecies, { bactid, genus }),
  gramCharacters: (message: string) =>
    post<MasterItem[]>(COMMON_MASTER_ENDPOINTS.getMasterData, { value: MICROBE_MASTER_TYPES.gramCharacter, message }),
  identification: (samplenov: string) => post<IdentificationRecord>(I.getmicrobeidentificationByid, { samplenov }),
  saveIdentification: (body: Record<string, unknown>) => post<IdentificationSaveAnswer>(I.savemicrobidentification, body),
};
