import type { EndpointSpec } from './endpoints';

/**
 * Menu and user-group administration (spec 001 sections 2, 3, 5, 7, 8): the calls of the 'Menu By User',
 * bmstree, menu2, newGrouphome and newGroup screens, POST /api/menu/<name>. Served by server/modules/menu.
 *
 * The model: one menu catalogue (menu_item: modules = top level, menus = second level, sub menus = third
 * level). Sequence, landing page and name belong to the catalogue item; a grant (menu_grant) says which user
 * or user group sees an item (its parents come along). A user with grants of their own sees only those;
 * a user without any sees their group's menu. The first change to such a user's menu copies the group's
 * grants to the user, then applies the change, so the user keeps the rest of the menu they saw.
 *
 * Every call needs the 'toprole' flag (the spec shows no permission check; administrators only here).
 * Shapes the spec does not show are ours and are described in each summary.
 */
const admin = { group: 'menu', auth: 'session', permission: 'toprole' } as const;

export const MENU_ADMIN_ENDPOINTS = {
  menubyuser: {
    ...admin, name: 'menubyuser',
    summary: "The menu tree of a user (from 'User', userId = the user) or a user group (from 'group', userId or groupId = the group): [{id, name, issub, children}] of the granted items and their parents; ours besides: level (1 module, 2 menu, 3 sub menu), parentId, sequence, link, landPage ('Y'/'N'). issub is 'Y' on sub menus (level 3). userid (the caller) is ignored.",
  },
  cleargroupall: {
    ...admin, name: 'cleargroupall',
    summary: "Ours (not shown): removes every grant of a user (from 'User', userId; the user then sees their group's menu again) or of a group (from 'group', groupId or userId). Answer {status: 'OK', message}.",
  },
  updatemenubyuser: {
    ...admin, name: 'updatemenubyuser',
    summary: "Edits a menu item of a group's tree: usergroupid (the group), menuId (the item), sequence (never lower than the current one: 400 'Sequence is Not Less Than Current'), landPage ('Y'/'N'), menuname (optional new name, max 25). A user (from 'User' or no usergroupid) gets 400 'Sorry ! But This Feature Only for Groups'. id is accepted and ignored. Answer {status: 'OK', message}.",
  },
  deletemenubyuser: {
    ...admin, name: 'deletemenubyuser',
    summary: "Removes an item (menuId) and everything under it from the menu of a user (userId) or, with from 'group', of a group (groupId or userId). parentid is accepted and ignored. The catalogue item stays. Answer {status: 'OK', message: 'Menu Deleted Successfully !!'}; 400 with a sentence when the item is not in that menu or it is the user's last own item (use cleargroupall to return to the group's menu).",
  },
  getmodulelst: {
    ...admin, name: 'getmodulelst',
    summary: 'Ours (not shown): the modules (top-level catalogue items) as [{moduleid, modulename, sequence}] by sequence.',
  },
  getallmenudata: {
    ...admin, name: 'getallmenudata',
    summary: 'Ours (not shown): the whole active catalogue as a tree of {id, name, issub, level, parentId, sequence, link, landPage, children}.',
  },
  savemenubyuserforjson: {
    ...admin, name: 'savemenubyuserforjson',
    summary: "Adds items to the menu of a user (userId) or group (from 'group', groupId). Each jsonsavelist row: moduleid (required); isSubMenu 'N': pageid = an existing menu or sub menu of that module to grant; isSubMenu 'Y': a new catalogue item menuname (max 25) under parentId (the module or one of its menus; default the module) with link (ours; a screen of the route table or empty) and sequence, then granted. landPage 'Y' marks the item as landing page. Answer {status: 'OK', message: 'Menu Saved Successfully !!'} or 400 {message}.",
  },
  menubymenname: {
    ...admin, name: 'menubymenname',
    summary: "Ours (not shown): the menus and sub menus of a module (moduleid) as [{pageid, pagename, parentId, level, link, sequence, landPage, path}] in tree order; path is 'Menu / Sub menu'.",
  },
  SaveItemname: {
    ...admin, name: 'SaveItemname',
    summary: "Ours (not shown): renames a catalogue item: id, menuname (max 25). Answer {status: 'OK', message}.",
  },
  getAllitempage: {
    ...admin, name: 'getAllitempage',
    summary: 'Ours (not shown): the catalogue as a flat list, ten per page (pageno from 1, optional searchText on the name): [{id, srno, name, link, parentId, parentname, level, sequence, totalItems}].',
  },
  getallActiveuser: {
    ...admin, name: 'getallActiveuser',
    summary: "The active users as [{id, name}] ('First Last (username)'), by name.",
  },
  getAllgroup: {
    ...admin, name: 'getAllgroup',
    summary: 'The active user groups as [{id, groupname, srno, users}] by name; users = how many active users are in the group (ours).',
  },
  SaveUserGroup: {
    ...admin, name: 'SaveUserGroup',
    summary: "Creates a user group named updategroupname (max 100), or renames group id when id is given. A deleted group of that name comes back. Answer {status: 'OK', id} or 400 {status: 'NO', message} (empty, too long or a name in use).",
  },
  deletegroup: {
    ...admin, name: 'deletegroup',
    summary: "Deletes (deactivates) the group id and removes its menu grants. A group that still has active users is refused: 400 {status: 'NO', message}. Answer {status: 'OK'}.",
  },
} as const satisfies Record<string, EndpointSpec>;

export type MenuAdminEndpointName = keyof typeof MENU_ADMIN_ENDPOINTS;

/** Exact texts (spec 001 sections 5 and 8) plus our plain sentences. */
export const MENU_MSG = {
  selectUser: 'Oops! Please Select Valid User',
  onlyGroups: 'Sorry ! But This Feature Only for Groups',
  sequenceNotLess: 'Sequence is Not Less Than Current',
  deleted: 'Menu Deleted Successfully !!',
  saved: 'Menu Saved Successfully !!',
  saveFailed: 'Save Failed',
  done: 'Done',
  oops: 'Oops',
  confirmDelete: 'Do you want to delete this record ?',
  nameMax: 'Menu Name can be at most 25 characters.',
  nameRequired: 'Please enter the Menu Name.',
  moduleRequired: 'Please select a Module.',
  itemRequired: 'Please select a Menu Item.',
  sequenceRequired: 'Please enter a Sequence of 1 or more.',
} as const;

export const MENU_NAME_MAX = 25;
export const GROUP_NAME_MAX = 100;

/** menubyuser, getallmenudata */
export interface MenuTreeNode {
  id: number;
  name: string;
  issub: 'Y' | 'N';
  level: 1 | 2 | 3;
  parentId: number | null;
  sequence: number;
  link: string;
  landPage: 'Y' | 'N';
  children: MenuTreeNode[];
}

export interface ModuleOption { moduleid: number; modulename: string; sequence: number }
export interface MenuPageOption {
  pageid: number;
  pagename: string;
  parentId: number;
  level: 2 | 3;
  link: string;
  sequence: number;
  landPage: 'Y' | 'N';
  path: string;
}

export interface MenuSaveRow {
  from: string;
  moduleid: number | string;
  pageid?: number | string | null;
  parentId?: number | string | null;
  resourcegroupid?: number | string | null;
  sequence: number | string;
  modulename?: string;
  pagename?: string;
  isSubMenu: 'Y' | 'N';
  menuname?: string;
  /** Ours: the screen a new sub menu opens (a route path without the slash), or '' for a heading. */
  link?: string;
}
export interface MenuSaveRequest { jsonsavelist: MenuSaveRow[]; landPage: 'Y' | 'N'; groupId?: number | string | null; userId?: number | string | null }

export interface ActiveUser { id: number; name: string }
export interface UserGroupRow { id: number; groupname: string; srno: number; users: number }
export interface MenuStatusAnswer { status: 'OK'; message: string }
export interface GroupSaveAnswer { status: 'OK' | 'NO'; id?: number; message?: string }
