/**
 * Every declared contract (body and answer of an endpoint), for the tests that prove each route is registered
 * from one. Server-only at run time.
 */
import type { Contract } from './contract';
import { AUTH_CONTRACT } from './auth-schemas';
import { DASHBOARD_CONTRACT } from './dashboard-schemas';
import { ACTIVITY_TYPE_CONTRACT, COMMON_MASTER_STATUS_CONTRACT, EMPLOYEE_CONTRACTS, MASTER_CONTRACTS, MICROBE_MASTER_CONTRACTS } from './master-schemas';
import { ACCOUNT_ADMIN_CONTRACT, USER_ACCESS_CONTRACT } from './user-schemas';
import { IDENTIFICATION_CONTRACT, MICROBE_LOOKUP_CONTRACT } from './microbe-schemas';
import { GROUP_CONTRACT, MENU_ADMIN_CONTRACT } from './menu-schemas';
import { COMMON_MASTER_CONTRACT } from './common-master-schemas';
import { AUDIT_CONTRACT } from './audit-schemas';
import { SAMPLE_CONTRACT } from './sample-schemas';
import { SEARCH_CONTRACT } from './search-schemas';
import { PARAMETER_CONTRACT } from './parameter-schemas';
import { ACTIVITY_CONTRACT } from './activity-schemas';

export const ALL_CONTRACTS: readonly Contract[] = [
  ...Object.values(AUTH_CONTRACT), ...Object.values(DASHBOARD_CONTRACT), ...MASTER_CONTRACTS, ...Object.values(ACTIVITY_TYPE_CONTRACT),
  ...EMPLOYEE_CONTRACTS, ...Object.values(ACCOUNT_ADMIN_CONTRACT), ...Object.values(USER_ACCESS_CONTRACT),
  ...MICROBE_MASTER_CONTRACTS, ...Object.values(MICROBE_LOOKUP_CONTRACT), ...Object.values(IDENTIFICATION_CONTRACT),
  ...Object.values(MENU_ADMIN_CONTRACT), ...Object.values(GROUP_CONTRACT),
  ...Object.values(COMMON_MASTER_CONTRACT), COMMON_MASTER_STATUS_CONTRACT, ...Object.values(AUDIT_CONTRACT),
  ...Object.values(SAMPLE_CONTRACT), ...Object.values(SEARCH_CONTRACT),
  ...Object.values(PARAMETER_CONTRACT), ...Object.values(ACTIVITY_CONTRACT),
];
