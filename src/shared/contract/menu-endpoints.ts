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
 *
 * No lost updates (ours): a catalogue item carries a version (`version` on its tree nodes and rows), a user
 * group a version of its name (`version`) and one of its menu grants (`menuVersion`, on getAllgroup), a
 * user one of their own menu grants (`menuVersion`, on getallActiveuser). A change sent with the version it
 * was read at is refused when that is stale: 409 {message, version or menuVersion (the current one)},
 * nothing changed and nothing audited. Without the version (legacy clients) no check is made.
 * Shapes the spec does not show are ours and are described in each summary.
 */
const admin = { group: 'menu', auth: 'session', permission: 'toprole' } as const;

export const MENU_ADMIN_ENDPOINTS = {
  menubyuser: {
    ...admin, name: 'menubyuser',
    summary: "The menu tree of a user (from 'User', userId = the user) or a user group (from 'group', userId or groupId = the group): [{id, name, issub, children}] of the granted items and their parents; ours besides: level (1 module, 2 menu, 3 sub menu), parentId, sequence, link, landPage ('Y'/'N'), version (the item's). issub is 'Y' on sub menus (level 3). userid (the caller) is ignored.",
  },
  cleargroupall: {
    ...admin, name: 'cleargroupall',
    summary: "Ours (not shown): removes every grant of a user (from 'User', userId; the user then sees their group's menu again) or of a group (from 'group', groupId or userId). menuVersion (optional): the grants' version as read; stale -> 409. Answer {status: 'OK', message, menuVersion}.",
  },
  updatemenubyuser: {
    ...admin, name: 'updatemenubyuser',
    summary: "Edits a menu item of a group's tree: usergroupid (the group), menuId (the item), sequence (never lower than the current one: 400 'Sequence is Not Less Than Current'), landPage ('Y'/'N'), menuname (optional new name, max 25), version (optional: the item's version as read; stale -> 409). A user (from 'User' or no usergroupid) gets 400 'Sorry ! But This Feature Only for Groups'. id is accepted and ignored. Answer {status: 'OK', message, version}.",
  },
  deletemenubyuser: {
    ...admin, name: 'deletemenubyuser',
    summary: "Removes an item (menuId) and everything under it from the menu of a user (userId) or, with from 'group', of a group (groupId or userId). parentid is accepted and ignored. The catalogue item stays. menuVersion (optional): the grants' version as read; stale -> 409. Answer {status: 'OK', message: 'Menu Deleted Successfully !!', menuVersion}; 400 with a sentence when the item is not in that menu or it is the user's last own item (use cleargroupall to return to the group's menu).",
  },
  getmodulelst: {
    ...admin, name: 'getmodulelst',
    summary: 'Ours (not shown): the modules (top-level catalogue items) as [{moduleid, modulename, sequence}] by sequence.',
  },
  getallmenudata: {
    ...admin, name: 'getallmenudata',
    summary: 'Ours (not shown): the whole active catalogue as a tree of {id, name, issub, level, parentId, sequence, link, landPage, version, children}.',
  },
  savemenubyuserforjson: {
    ...admin, name: 'savemenubyuserforjson',
    summary: "Adds items to the menu of a user (userId) or group (from 'group', groupId). Each jsonsavelist row: moduleid (required); isSubMenu 'N': pageid = an existing menu or sub menu of that module to grant; isSubMenu 'Y': a new catalogue item menuname (max 25) under parentId (the module or one of its menus; default the module) with link (ours; a screen of the route table or empty) and sequence, then granted. landPage 'Y' marks the item as landing page. menuVersion (optional): the grants' version as read; stale -> 409. Answer {status: 'OK', message: 'Menu Saved Successfully !!', menuVersion} or 400 {message}.",
  },
  menubymenname: {
    ...admin, name: 'menubymenname',
    summary: "Ours (not shown): the menus and sub menus of a module (moduleid) as [{pageid, pagename, parentId, level, link, sequence, landPage, path, version}] in tree order; path is 'Menu / Sub menu'.",
  },
  SaveItemname: {
    ...admin, name: 'SaveItemname',
    summary: "Ours (not shown): renames a catalogue item: id, menuname (max 25), version (optional: the item's version as read; stale -> 409). Answer {status: 'OK', message, version}.",
  },
  getAllitempage: {
    ...admin, name: 'getAllitempage',
    summary: 'Ours (not shown): the catalogue as a flat list, ten per page (pageno from 1, optional searchText on the name): [{id, srno, name, link, parentId, parentname, level, sequence, version, totalItems}].',
  },
  getallActiveuser: {
    ...admin, name: 'getallActiveuser',
    summary: "The active users as [{id, name}] ('First Last (username)'), by name; ours besides: menuVersion (the version of the user's own menu grants).",
  },
  getAllgroup: {
    ...admin, name: 'getAllgroup',
    summary: 'The active user groups as [{id, groupname, srno, users, version, menuVersion}] by name; ours: users = how many active users are in the group, version = the version of the group (its name), menuVersion = the version of its menu grants.',
  },
  SaveUserGroup: {
    ...admin, name: 'SaveUserGroup',
    summary: "Creates a user group named updategroupname (max 100), or renames group id when id is given (version, optional: the group's version as read; stale -> 409 {status: 'NO', message, version}). A deleted group of that name comes back. Answer {status: 'OK', id, version} or 400 {status: 'NO', message} (empty, too long or a name in use).",
  },
  deletegroup: {
    ...admin, name: 'deletegroup',
    summary: "Deletes (deactivates) the group id and removes its menu grants. A group that still has active users is refused: 400 {status: 'NO', message}; version (optional, the group's as read) stale: 409 {status: 'NO', message, version}. Answer {status: 'OK'}.",
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
  /** Ours: a change sent with a stale version (409). */
  staleMenu: 'Someone else changed this menu since you opened it. Your changes are not saved: reload to see theirs.',
  staleItem: 'Someone else changed this menu item since you opened it. Your changes are not saved: reload to see theirs.',
  staleGroup: 'Someone else changed this User Group since you opened it. Your changes are not saved: reload to see theirs.',
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
  /** Ours: the catalogue item's version. */
  version?: number;
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
  /** Ours: the catalogue item's version. */
  version?: number;
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
export interface MenuSaveRequest {
  jsonsavelist: MenuSaveRow[];
  landPage: 'Y' | 'N';
  groupId?: number | string | null;
  userId?: number | string | null;
  /** Ours: the version of the user's or group's menu grants as read. */
  menuVersion?: number;
}

/** Ours besides id and name: menuVersion, the version of the user's own menu grants. */
export interface ActiveUser { id: number; name: string; menuVersion?: number }
/** Ours besides the legacy fields: users, version (the group's name), menuVersion (its menu grants). */
export interface UserGroupRow { id: number; groupname: string; srno: number; users: number; version?: number; menuVersion?: number }
/** menuVersion after a grant change, version after an item change (ours). */
export interface MenuStatusAnswer { status: 'OK'; message: string; version?: number; menuVersion?: number }
export interface GroupSaveAnswer { status: 'OK' | 'NO'; id?: number; message?: string; version?: number }
