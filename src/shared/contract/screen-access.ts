import { type EndpointSpec, path, AUTH_ENDPOINTS } from './endpoints';
import { ACTIVITY_TYPE_ENDPOINTS, MASTER_ENDPOINTS, type MasterEndpoint } from './master-endpoints';
import { EMPLOYEE_ENDPOINTS, USER_ACCESS_ENDPOINTS } from './user-endpoints';
import { COMMON_MASTER_ENDPOINTS } from './common-master-endpoints';
import { PARAMETER_ENDPOINTS } from './parameter-endpoints';
import { MICROBE_MASTER_ENDPOINTS, MICROBE_LOOKUP_ENDPOINTS, IDENTIFICATION_ENDPOINTS } from './microbe-endpoints';
import { DASHBOARD_ENDPOINTS } from './dashboard-endpoints';
import { SAMPLE_ENDPOINTS } from './sample-endpoints';
import { ACTIVITY_ENDPOINTS } from './activity-endpoints';
import { MENU_ADMIN_ENDPOINTS } from './menu-endpoints';
import { AUDIT_ENDPOINTS } from './audit-endpoints';
import { SEARCH_ENDPOINTS } from './search-endpoints';
import { ACCOUNT_ADMIN_ENDPOINTS, SESSION_ENDPOINTS } from './account-endpoints';
import { RESOURCE_LIST, activityType, employee, microbe, type ResourceDef } from '../resources';
import { SCREEN, SCREEN_GROUP } from './screens';

/**
 * Screen access: which menu screens let a user call an endpoint or open a route.
 *
 * A user's menu (their own grants, or their group's) is the list of screens they may use. A screen is
 * named by its menu item's link, as the menu stores it ('SampleInwardHome', 'Menu By User'). The server
 * refuses (403) a call whose endpoint is listed here under screens none of which the caller's menu
 * grants; the client does not open a route whose screens the menu does not grant. Both read this one table.
 *
 * Three kinds of call need no menu grant, only a session and the role flag of the endpoint table:
 * - self-service calls (sign-out, password change, the user's own menu, the session check);
 * - the shell's own calls (the approval count badge) and the Activity Log, which lives in the user
 *   dropdown and is guarded by the Top Role flag;
 * - lookups: the active entries of a master for a dropdown on some other screen (departments on the
 *   employee form, districts on the sample form). They reveal names, not records, and almost every
 *   screen needs some of them.
 * Everything else belongs to the screens listed. An endpoint that is in neither list fails the test
 * `screen-access.test.ts`, so a new endpoint cannot slip through unclassified.
 */

const S = SCREEN;
const link = (route: string) => route.replace(/^\//, '');

/** Endpoints that need no menu grant (see above). */
const MENU_FREE: readonly EndpointSpec[] = [
  ...Object.values(AUTH_ENDPOINTS),
  ...Object.values(SESSION_ENDPOINTS),
  ...Object.values(AUDIT_ENDPOINTS),
  ACTIVITY_ENDPOINTS.getApprovalCounts,
  // Lookups for dropdowns.
  ...[...MASTER_ENDPOINTS, ...EMPLOYEE_ENDPOINTS, ...MICROBE_MASTER_ENDPOINTS].filter((e: MasterEndpoint) => e.role === 'lookup'),
  COMMON_MASTER_ENDPOINTS.getMasterData,
  COMMON_MASTER_ENDPOINTS.getDependancyData,
  ...Object.values(MICROBE_LOOKUP_ENDPOINTS),
  USER_ACCESS_ENDPOINTS.getusergroup,
];

type Entry = [EndpointSpec, readonly string[]];
/** Every endpoint of `endpoints` belongs to `screens`. */
const each = (endpoints: readonly EndpointSpec[], screens: readonly string[]): Entry[] => endpoints.map((e) => [e, screens]);

/** A simple master's list, search, by-id, save and status calls belong to its home screen. */
function masterScreens(r: ResourceDef, endpoints: readonly MasterEndpoint[]): Entry[] {
  return each(endpoints.filter((e) => e.resource === r.name && e.role !== 'lookup'), [link(r.routes.home)]);
}

const { levelOne, levelTwo, bothLevels, menuAdmin, commonMaster } = SCREEN_GROUP;

/** Endpoint -> the screens that use it. */
const BY_SCREEN: Entry[] = [
  ...RESOURCE_LIST.flatMap((r) => masterScreens(r, MASTER_ENDPOINTS)),
  ...masterScreens(employee, EMPLOYEE_ENDPOINTS),
  ...masterScreens(microbe, MICROBE_MASTER_ENDPOINTS),
  [ACTIVITY_TYPE_ENDPOINTS.getAllactivityByid, [link(activityType.routes.home), S.parameters]],
  // Employees and their activity access (userActivityAccess opens from the employee list).
  ...each([
    USER_ACCESS_ENDPOINTS.getCheckboxes, USER_ACCESS_ENDPOINTS.getresourceByroleId, USER_ACCESS_ENDPOINTS.getUsractById,
    USER_ACCESS_ENDPOINTS.saveUserActivityAceess, USER_ACCESS_ENDPOINTS.getApproversForUser, USER_ACCESS_ENDPOINTS.getEmployeesWithoutApprover,
    ...Object.values(ACCOUNT_ADMIN_ENDPOINTS),
  ], [S.employees]),
  // Common master entries.
  ...each(Object.values(COMMON_MASTER_ENDPOINTS).filter((e) => !MENU_FREE.includes(e)), commonMaster),
  // Parameter configuration; the workflow screens read an activity's configuration too.
  ...each([PARAMETER_ENDPOINTS.getActivityParametersByid, PARAMETER_ENDPOINTS.getParameterByActivity, PARAMETER_ENDPOINTS.saveParameters], [S.parameters]),
  [PARAMETER_ENDPOINTS.getParamconf, [S.parameters, ...bothLevels]],
  // Dashboard and checkData.
  [DASHBOARD_ENDPOINTS.getDashboard, [S.dashboard]],
  [DASHBOARD_ENDPOINTS.getAllSamples, [S.allSamples]],
  // Sample inward and isolates.
  ...each([
    SAMPLE_ENDPOINTS.getsamphome, SAMPLE_ENDPOINTS.getSearchForsampleinward, SAMPLE_ENDPOINTS.getsapleivertById,
    SAMPLE_ENDPOINTS.savesampleinverd, SAMPLE_ENDPOINTS.changesampleinStatus,
  ], [S.sampleInward]),
  [SAMPLE_ENDPOINTS.getSamplingData, [S.sampleInward, S.isolate, ...bothLevels]],
  ...each([
    SAMPLE_ENDPOINTS.getfindisolate, SAMPLE_ENDPOINTS.getOtpForIsolated, SAMPLE_ENDPOINTS.getoverwrightotp,
    SAMPLE_ENDPOINTS.saveisolatecode, SAMPLE_ENDPOINTS.saveisolatecodereplacetootp,
  ], [S.isolate]),
  // Level 1 and Level 2 activities, the approval queue (a tab of both homes) and plant assessments.
  ...each([
    ACTIVITY_ENDPOINTS.getactitransctionhome, ACTIVITY_ENDPOINTS.getSearchForactitransaction, ACTIVITY_ENDPOINTS.getacttransactionByid,
    ACTIVITY_ENDPOINTS.getactivityforparamconf, ACTIVITY_ENDPOINTS.saveActivities, ACTIVITY_ENDPOINTS.saveActivityParameters,
  ], levelOne),
  ...each([
    ACTIVITY_ENDPOINTS.getLevel2ActivityHome, ACTIVITY_ENDPOINTS.getSearchForLevel2actitransaction, ACTIVITY_ENDPOINTS.getLevel2ActivityByid,
    ACTIVITY_ENDPOINTS.getlvl2activityforparamconf, ACTIVITY_ENDPOINTS.getLvl2Paramconf, ACTIVITY_ENDPOINTS.saveLvl2Activities,
  ], levelTwo),
  [ACTIVITY_ENDPOINTS.getApprovalQueue, bothLevels],
  ...each([ACTIVITY_ENDPOINTS.findisolaecodeforplantassesment, ACTIVITY_ENDPOINTS.saveLevel2ActivityPlantassisscode], [S.level2Entry]),
  // Microbe identification opens from its menu entry and from the Level 1 list's microbe icon.
  ...each(Object.values(IDENTIFICATION_ENDPOINTS), [S.identification, S.level1]),
  // Microbe search; All Records is the same search without filters.
  ...each(Object.values(SEARCH_ENDPOINTS), [S.search, S.allRecords]),
  // Menu administration: Menu By User and the user groups open the same tree (bmstree, menu2).
  ...each(Object.values(MENU_ADMIN_ENDPOINTS), menuAdmin),
];

const FREE_PATHS = new Set(MENU_FREE.map(path));
const SCREENS_BY_PATH = new Map<string, readonly string[]>();
for (const [e, screens] of BY_SCREEN) {
  const p = path(e);
  if (!FREE_PATHS.has(p)) SCREENS_BY_PATH.set(p, [...new Set([...(SCREENS_BY_PATH.get(p) ?? []), ...screens])]);
}

/**
 * The screens whose grant lets a user call an endpoint: null when the call needs no menu grant,
 * undefined when the endpoint is not classified (a defect the screen-access test catches).
 */
export function screensOfEndpoint(e: Pick<EndpointSpec, 'group' | 'name'>): readonly string[] | null | undefined {
  const p = path(e);
  if (FREE_PATHS.has(p)) return null;
  return SCREENS_BY_PATH.get(p);
}


export { SCREEN, ROUTE_SCREENS, screenOfLink, screensOfMenu, menuGrants, type ScreenLink } from './screens';
