import type { ResourceDef } from './types';
import { department } from './department';
import { designation } from './designation';
import { unitOfMeasure } from './unit-of-measure';
import { commonMasterType } from './common-master-type';
import { activityType } from './activity-type';
import { workflowRole } from './workflow-role';

export * from './types';
export { department, designation, unitOfMeasure, commonMasterType, activityType, workflowRole };

/** Every simple master, keyed by name. */
export const RESOURCES = { department, designation, unitOfMeasure, commonMasterType, activityType, workflowRole } as const;
export type ResourceName = keyof typeof RESOURCES;
export const RESOURCE_LIST: readonly ResourceDef[] = Object.values(RESOURCES);

/** Employees (users): a master with overrides (server/modules/users), so not among the simple masters above. */
export { employee, EMPLOYEE_MSG, MOBILE_PATTERN, EMAIL_PATTERN } from './employee';

/** Common master entries: scoped by type, with dependencies (server/modules/common-master), so not among the simple masters. */
export { commonMaster, COMMON_MASTER_MSG, MASTER_TYPES, MASTER_LOOKUP } from './common-master';

/** Microbe master: the type is a 'Microbe Type' entry, (type, genus, species) unique (server/modules/microbes), so not among the simple masters. */
export { microbe, MICROBE_MSG, MICROBE_MASTER_TYPES, BIOSAFETY_LEVELS, type BiosafetyLevel } from './microbe';
