/**
 * The master lookups of the sample inward autocompletes (spec 001 sections 5, 9) that are the screen's own: the
 * districts of the chosen state. Masters by type are crud/master-lookup's masterLookup; the screen's other
 * calls are SAMPLE_ENDPOINTS.
 */
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/common-master-endpoints';
import type { MasterLookup } from '../../crud/master-lookup';

/** The districts of a state (getDependancyData), containing the text. */
export const districtLookup = (state: string, text: string): MasterLookup => ({
  endpoint: COMMON_MASTER_ENDPOINTS.getDependancyData, body: { shortname: state, message: text },
});
