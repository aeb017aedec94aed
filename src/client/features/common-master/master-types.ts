/** The master types offered by the common master screens' pickers (a lookup of the common master type definition). */
import type { EndpointRef } from '../../crud/use-request';

export interface MasterTypeOption { id: number; code: string; type: string }

/** Every active master type (the pickers of the entry list and the entry form). */
export const MASTER_TYPES: EndpointRef = { group: 'master', name: 'getCommasterTypefordropdown' };
/** The master types entries can depend on (the Dependency form). */
export const PARENT_TYPES: EndpointRef = { group: 'master', name: 'getCommasterTypefordependacy' };

export const TYPES_FAILED = 'The master types could not be loaded.';
