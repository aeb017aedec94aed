import type { RoutePath } from './routes';
import type { MainMenu } from './session';

/**
 * The screens of the menu and the routes each one opens (light: the client's shell reads it; the
 * endpoint side of the table is screen-access.ts, which the server reads). See screen-access.ts for the rule.
 */

/** The menu links of the screens (DEFAULT_MENU in routes.ts seeds them). */
export const SCREEN = {
  dashboard: 'dashboard',
  sampleInward: 'SampleInwardHome',
  isolate: 'Isolate',
  level1: 'ActivityTransactionHome',
  level2: 'level2activityHome',
  level2Entry: 'level2activityEntry',
  microbeMaster: 'MicrobeMaster',
  identification: 'MicrobeIdentification',
  search: 'SearchMicrobe',
  allRecords: 'showallrecords',
  allSamples: 'checkData',
  department: 'departmentHome',
  designation: 'designationHome',
  unitOfMeasure: 'UnitMeasureHome',
  commonMasterType: 'CommonMasterTypeHome',
  commonMaster: 'CommonMasterHome',
  activityType: 'activityHome',
  parameters: 'paramconf',
  employees: 'userHomepage',
  workflowRole: 'WorkFlowroleHomepage',
  userGroups: 'newGrouphome',
  menuByUser: 'Menu By User',
} as const;
export type ScreenLink = (typeof SCREEN)[keyof typeof SCREEN];

/**
 * Route -> the screens whose grant opens it (null: any signed-in user). Edit and detail routes open
 * from their list screen, so they belong to it.
 */
const S = SCREEN;
/** Screens that share their routes and calls (both tables use them: here and screen-access.ts). */
export const SCREEN_GROUP = {
  levelOne: [S.level1],
  levelTwo: [S.level2],
  bothLevels: [S.level1, S.level2],
  menuAdmin: [S.menuByUser, S.userGroups],
  commonMaster: [S.commonMaster, S.commonMasterType],
} as const;
const { levelOne, levelTwo, menuAdmin, commonMaster } = SCREEN_GROUP;

export const ROUTE_SCREENS: Partial<Record<RoutePath, readonly string[] | null>> = {
  '/login': null,
  '/changePassword': null,
  '/changePassword/:id': null,
  '/BlankHomePage': null,
  '/Blankpage': null,
  '/homepage': null,
  '/auditLog': null,
  '/dashboard': [S.dashboard],
  '/userHomepage': [S.employees],
  '/user': [S.employees],
  '/user/:id': [S.employees],
  '/userActivityAccess': [S.employees],
  '/userActivityAccess/:id': [S.employees],
  '/activityHome': [S.activityType],
  '/activity': [S.activityType],
  '/editactivity/:id': [S.activityType],
  '/paramconf': [S.parameters],
  '/Editparamconf/:id': [S.parameters],
  '/paramactivity/:id': [S.parameters],
  '/departmentHome': [S.department],
  '/department': [S.department],
  '/Editdepartment/:id': [S.department],
  '/designationHome': [S.designation],
  '/designation': [S.designation],
  '/editdesignation/:id': [S.designation],
  '/UnitMeasureHome': [S.unitOfMeasure],
  '/UnitMeasure': [S.unitOfMeasure],
  '/EditUnitMeasure/:id': [S.unitOfMeasure],
  '/CommonMasterTypeHome': [S.commonMasterType],
  '/CommonMasterType': [S.commonMasterType],
  '/EditCommonMasterType/:id': [S.commonMasterType],
  '/CommonMasterHome': commonMaster,
  '/CommonMaster': commonMaster,
  '/CommonMaster/:id': commonMaster,
  '/EditCommonMaster/:id': commonMaster,
  '/CommonMasterEntry': commonMaster,
  '/CommonMasterEntry/:id': commonMaster,
  '/WorkFlowroleHomepage': [S.workflowRole],
  '/workflowrole': [S.workflowRole],
  '/workflowrole/:id': [S.workflowRole],
  '/SampleInwardHome': [S.sampleInward],
  '/sampleInverd': [S.sampleInward],
  '/sampleInverd/:id': [S.sampleInward],
  '/Isolate': [S.isolate],
  '/ActivityTransactionHome': levelOne,
  '/ActivityTransactionHome/:sum': levelOne,
  '/activityparam/:id/:activitylevel/:samplenov/:sampleno': levelOne,
  '/activityparamNew/:id/:activitylevel/:samplenov/:sampleno/:pageno': levelOne,
  '/level2activityHome': levelTwo,
  '/level2activityHome/:sum': levelTwo,
  '/level2activityEntry': [S.level2Entry],
  '/lvl2activityparam/:id/:activitylevel/:samplenov/:sampleno/:plantassesmentcode/:pageno': levelTwo,
  '/showallrecords': [S.allRecords],
  '/MicrobeMaster': [S.microbeMaster],
  '/MicrobeMaster/:sum': [S.microbeMaster],
  '/MicrobeMasterEntry': [S.microbeMaster],
  '/MicrobeMasterEntry/:id': [S.microbeMaster],
  '/MicrobeIdentification': [S.identification],
  '/MicrobeIdentification/:id/:samplenov/:pageno': [S.identification, S.level1],
  '/SearchMicrobe': [S.search],
  '/searchMicrobeTest': [S.search],
  '/Menu By User': [S.menuByUser],
  '/bmstree': menuAdmin,
  '/menu2': menuAdmin,
  '/newGrouphome': [S.userGroups],
  '/newGroup': [S.userGroups],
  '/checkData': [S.allSamples],
};

/** True when one of `screens` is among the links the user's menu grants (null: no grant needed). */
export function menuGrants(granted: ReadonlySet<string>, screens: readonly string[] | null | undefined): boolean {
  if (screens === null) return true;
  if (!screens) return false;
  return screens.some((s) => granted.has(s));
}

/** A menu link as a screen name: the route without a leading '#' or '/' ('#/SampleInwardHome' -> 'SampleInwardHome'). */
export const screenOfLink = (link: string): string => link.trim().replace(/^#?\/?#?\/?/, '');

/** The screens a menu tree (as menuofUserforjosn answers it) grants. */
export function screensOfMenu(menu: readonly MainMenu[]): Set<string> {
  const links = menu.flatMap((m) => [m.mainmenulink, ...m.lstsubmenu.flatMap((s) => [s.submenulink, ...s.lstchildmenu.map((c) => c.submenulink)])]);
  return new Set(links.map((l) => screenOfLink(l ?? '')).filter((l) => l.length > 0));
}
