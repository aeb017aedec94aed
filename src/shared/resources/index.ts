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
