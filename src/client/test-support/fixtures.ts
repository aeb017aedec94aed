import type { FirstLoginResponse, LoginResponse, MainMenu } from '../../shared/contract/session';
import { DEFAULT_MENU, type DefaultMenuNode } from '../../shared/contract/routes';

export const loginResponse = (over: Partial<LoginResponse> = {}): LoginResponse => ({
  message: 'SUCCESS',
  id: 7,
  username: 'asha',
  token: 'tok-123',
  accessToken: 'acc-456',
  dbName: 'soillims',
  landpage: '',
  companyName: 'Soil Lab',
  companyLogo: '',
  fullname: 'Asha Verma',
  LoginName: 'asha',
  employeecode: 'E007',
  firstName: 'Asha',
  resourceName: 'Asha Verma',
  usergroupid: 2,
  useridmenu: 7,
  designation: 'Scientist',
  formname: '',
  fullnamefortoggal: 'Asha Verma',
  isreporting: false,
  cancreateproject: false,
  department: 'Microbiology',
  band: 'Analyst',
  toggle: false,
  reshead: false,
  chkselect: true,
  add: true,
  edit: true,
  delete: false,
  view: true,
  approve: false,
  microbe: true,
  toprole: false,
  reportingmanager: 0,
  ...over,
});

export const firstLoginResponse = (over: Partial<FirstLoginResponse> = {}): FirstLoginResponse => ({
  message: 'First Login',
  id: 9,
  username: 'newbie',
  token: 'first-tok',
  accessToken: 'first-acc',
  dbName: 'soillims',
  ...over,
});

export const threeLevelMenu: MainMenu[] = [
  { mainmenulabel: 'Dashboard', mainmenulink: 'dashboard', lstsubmenu: [] },
  {
    mainmenulabel: 'Laboratory',
    mainmenulink: '',
    lstsubmenu: [
      { submenulabel: 'Sample Inward', submenulink: 'SampleInwardHome', lstchildmenu: [] },
      {
        submenulabel: 'Activities',
        submenulink: '',
        lstchildmenu: [
          { submenulabel: 'Level 1 Activity', submenulink: 'ActivityTransactionHome' },
          { submenulabel: 'Level 2 Activity', submenulink: 'level2activityHome' },
        ],
      },
    ],
  },
  {
    mainmenulabel: 'Administration',
    mainmenulink: '',
    lstsubmenu: [{ submenulabel: 'Menu By User', submenulink: 'Menu By User', lstchildmenu: [] }],
  },
];

/**
 * A menu granting every screen of the default menu, folded into one closed group so that its labels do not
 * clash with a screen's own buttons and links: a screen test is not about menus unless it answers a menu of
 * its own (the shell opens a screen only when the menu grants it).
 */
const leaves = (nodes: DefaultMenuNode[]): DefaultMenuNode[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n]));
export const fullMenu: MainMenu[] = [
  {
    mainmenulabel: 'Every screen',
    mainmenulink: '',
    lstsubmenu: leaves(DEFAULT_MENU).map((n) => ({ submenulabel: n.label, submenulink: n.link, lstchildmenu: [] })),
  },
];

/** An axios-like error with an HTTP answer. */
export const httpError = (status: number, data: unknown = {}) =>
  Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response: { status, data } });

/** An axios-like error without an answer (network down). */
export const networkError = () => Object.assign(new Error('Network Error'), { isAxiosError: true });
