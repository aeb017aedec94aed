/**
 * The full hash-route table of the legacy app (spec 001 section 2), with the screen title each route shows.
 * The client builds its router from it; the server seeds the default menus from it.
 * `feature` names the client feature folder that owns the screen.
 */
export interface RouteSpec {
  /** React Router pattern, legacy spelling kept exactly. */
  path: string;
  title: string;
  feature: string;
}

export const ROUTES = [
  { path: '/login', title: 'Sign In', feature: 'session' },
  { path: '/changePassword', title: 'Change Password', feature: 'session' },
  { path: '/changePassword/:id', title: 'Change Password', feature: 'session' },
  { path: '/BlankHomePage', title: 'Home', feature: 'shell' },
  { path: '/Blankpage', title: 'Home', feature: 'shell' },
  { path: '/homepage', title: 'Home', feature: 'shell' },
  { path: '/dashboard', title: 'Dashboard', feature: 'dashboard' },
  // Administration (spec 000)
  { path: '/userHomepage', title: 'Employees', feature: 'users' },
  { path: '/user', title: 'User Master', feature: 'users' },
  { path: '/user/:id', title: 'User Master', feature: 'users' },
  { path: '/userActivityAccess', title: 'User Activity Access', feature: 'users' },
  { path: '/userActivityAccess/:id', title: 'User Activity Access', feature: 'users' },
  { path: '/activityHome', title: 'Activity Type', feature: 'masters' },
  { path: '/activity', title: 'Activity Type', feature: 'masters' },
  { path: '/editactivity/:id', title: 'Activity Type', feature: 'masters' },
  { path: '/paramconf', title: 'Parameter Configuration', feature: 'parameters' },
  { path: '/Editparamconf/:id', title: 'Parameter Configuration', feature: 'parameters' },
  { path: '/paramactivity/:id', title: 'Parameter Configuration', feature: 'parameters' },
  { path: '/departmentHome', title: 'Department', feature: 'masters' },
  { path: '/department', title: 'Department', feature: 'masters' },
  { path: '/Editdepartment/:id', title: 'Department', feature: 'masters' },
  { path: '/designationHome', title: 'Designation', feature: 'masters' },
  { path: '/designation', title: 'Designation', feature: 'masters' },
  { path: '/editdesignation/:id', title: 'Designation', feature: 'masters' },
  { path: '/UnitMeasureHome', title: 'Unit Of Measure', feature: 'masters' },
  { path: '/UnitMeasure', title: 'Unit Of Measure', feature: 'masters' },
  { path: '/EditUnitMeasure/:id', title: 'Unit Of Measure', feature: 'masters' },
  { path: '/CommonMasterTypeHome', title: 'Common Master Type', feature: 'masters' },
  { path: '/CommonMasterType', title: 'Common Master Type', feature: 'masters' },
  { path: '/EditCommonMasterType/:id', title: 'Common Master Type', feature: 'masters' },
  { path: '/CommonMasterHome', title: 'Common Master', feature: 'masters' },
  { path: '/CommonMaster', title: 'Common Master', feature: 'masters' },
  { path: '/CommonMaster/:id', title: 'Common Master', feature: 'masters' },
  { path: '/EditCommonMaster/:id', title: 'Common Master', feature: 'masters' },
  { path: '/CommonMasterEntry', title: 'Common Master Entry', feature: 'masters' },
  { path: '/CommonMasterEntry/:id', title: 'Common Master Entry', feature: 'masters' },
  { path: '/WorkFlowroleHomepage', title: 'Workflow Role', feature: 'masters' },
  { path: '/workflowrole', title: 'Workflow Role', feature: 'masters' },
  { path: '/workflowrole/:id', title: 'Workflow Role', feature: 'masters' },
  // Laboratory workflow (spec 001)
  { path: '/SampleInwardHome', title: 'Sample Inward', feature: 'samples' },
  { path: '/sampleInverd', title: 'Sample Inward', feature: 'samples' },
  { path: '/sampleInverd/:id', title: 'Sample Inward', feature: 'samples' },
  { path: '/Isolate', title: 'Isolate', feature: 'isolates' },
  { path: '/ActivityTransactionHome', title: 'Level 1 Activity', feature: 'activities' },
  { path: '/ActivityTransactionHome/:sum', title: 'Level 1 Activity', feature: 'activities' },
  { path: '/activityparam/:id/:activitylevel/:samplenov/:sampleno', title: 'Activity Transaction', feature: 'activities' },
  { path: '/activityparamNew/:id/:activitylevel/:samplenov/:sampleno/:pageno', title: 'Activity Transaction', feature: 'activities' },
  { path: '/level2activityHome', title: 'Level 2 Activity', feature: 'activities' },
  { path: '/level2activityHome/:sum', title: 'Level 2 Activity', feature: 'activities' },
  { path: '/level2activityEntry', title: 'Level 2 Activity', feature: 'activities' },
  { path: '/lvl2activityparam/:id/:activitylevel/:samplenov/:sampleno/:plantassesmentcode/:pageno', title: 'Activity Transaction', feature: 'activities' },
  { path: '/showallrecords', title: 'All Records', feature: 'search' },
  { path: '/MicrobeMaster', title: 'Microbe Master', feature: 'microbes' },
  { path: '/MicrobeMaster/:sum', title: 'Microbe Master', feature: 'microbes' },
  { path: '/MicrobeMasterEntry', title: 'Microbe Master', feature: 'microbes' },
  { path: '/MicrobeMasterEntry/:id', title: 'Microbe Master', feature: 'microbes' },
  { path: '/MicrobeIdentification', title: 'Microbe Identification', feature: 'microbes' },
  { path: '/MicrobeIdentification/:id/:samplenov/:pageno', title: 'Microbe Identification', feature: 'microbes' },
  { path: '/SearchMicrobe', title: 'Search Microbe', feature: 'search' },
  { path: '/searchMicrobeTest', title: 'Search Microbe', feature: 'search' },
  { path: '/Menu By User', title: 'Menu By User', feature: 'menus' },
  { path: '/bmstree', title: 'Menu Tree', feature: 'menus' },
  { path: '/menu2', title: 'Menu Item', feature: 'menus' },
  { path: '/newGrouphome', title: 'User Group', feature: 'groups' },
  { path: '/newGroup', title: 'User Group', feature: 'groups' },
  { path: '/checkData', title: 'All Samples', feature: 'search' },
  { path: '/auditLog', title: 'Activity Log', feature: 'audit' },
] as const satisfies readonly RouteSpec[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/**
 * The default menu the seed grants (main item -> sub items -> child items). Links are route paths
 * without the leading slash, as the legacy menu stored them. Every parameter-free screen of the
 * route table is reachable from here; the others open from list rows.
 */
export interface DefaultMenuNode { label: string; link: string; children?: DefaultMenuNode[] }

export const DEFAULT_MENU: DefaultMenuNode[] = [
  { label: 'Dashboard', link: 'dashboard' },
  {
    label: 'Laboratory', link: '',
    children: [
      { label: 'Sample Inward', link: 'SampleInwardHome' },
      { label: 'Isolate', link: 'Isolate' },
      {
        label: 'Activities', link: '',
        children: [
          { label: 'Level 1 Activity', link: 'ActivityTransactionHome' },
          { label: 'Level 2 Activity', link: 'level2activityHome' },
          { label: 'Level 2 Entry', link: 'level2activityEntry' },
        ],
      },
      { label: 'Microbe Master', link: 'MicrobeMaster' },
      { label: 'Microbe Identification', link: 'MicrobeIdentification' },
    ],
  },
  {
    label: 'Search', link: '',
    children: [
      { label: 'Search Microbe', link: 'SearchMicrobe' },
      { label: 'All Records', link: 'showallrecords' },
      { label: 'All Samples', link: 'checkData' },
    ],
  },
  {
    label: 'Master Data', link: '',
    children: [
      { label: 'Department', link: 'departmentHome' },
      { label: 'Designation', link: 'designationHome' },
      { label: 'Unit Of Measure', link: 'UnitMeasureHome' },
      {
        label: 'Common Master', link: '',
        children: [
          { label: 'Common Master Type', link: 'CommonMasterTypeHome' },
          { label: 'Common Master Entry', link: 'CommonMasterHome' },
        ],
      },
      { label: 'Activity Type', link: 'activityHome' },
      { label: 'Parameter Configuration', link: 'paramconf' },
    ],
  },
  {
    label: 'Administration', link: '',
    children: [
      { label: 'Employees', link: 'userHomepage' },
      { label: 'Workflow Role', link: 'WorkFlowroleHomepage' },
      { label: 'User Group', link: 'newGrouphome' },
      { label: 'Menu By User', link: 'Menu By User' },
      { label: 'Activity Log', link: 'auditLog' },
    ],
  },
];
