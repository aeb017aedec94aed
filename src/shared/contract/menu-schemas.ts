/** Bodies and answers of menu administration (Menu By User, the menu tree, bmstree, menu2) and user groups. */
import { FLAG, ID, PAGE, WHOLE, body as bodySchema, listOf, objectOf, text as textField } from './body-schema';
import { INT, N_INT, STR, arrayOf, record } from './answer-schema';
import { declare, fromRoute } from './contract';
import { MENU_ADMIN_ENDPOINTS as E } from './menu-endpoints';

/** Every field the menu calls read (one body for all of them: the screens send overlapping shapes). */
const TEXT = textField(1000);
const menuRow = objectOf({
  moduleid: ID, isSubMenu: FLAG, menuname: TEXT, parentId: ID, link: TEXT, sequence: WHOLE, pageid: ID, from: TEXT, resourcegroupid: ID,
});
const body = bodySchema({
  from: TEXT, userId: ID, groupId: ID, usergroupid: ID, menuId: ID, menuVersion: ID, version: ID, id: ID, moduleid: ID,
  menuname: TEXT, itemname: TEXT, sequence: WHOLE, landPage: FLAG, ...PAGE, searchText: TEXT, jsonsavelist: listOf(menuRow, 1000),
}, { nullable: true });
const statusAnswer = {
  200: { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' }, version: { type: 'integer' }, menuVersion: { type: 'integer' } } },
};

/** The menu tree: modules, their menus and the menus' items (three levels; an item has no children). */
const treeNode = (depth: number): ReturnType<typeof record> => record({
  id: INT, name: STR, issub: STR, level: INT, parentId: N_INT, sequence: INT, link: STR, landPage: STR, version: INT,
  children: arrayOf(depth > 1 ? treeNode(depth - 1) : record({})),
});
const TREE = arrayOf(treeNode(3));

export const MENU_ADMIN_CONTRACT = {
  menubyuser: declare(E.menubyuser, { body, answer: TREE }),
  getallmenudata: declare(E.getallmenudata, { body, answer: TREE }),
  getmodulelst: declare(E.getmodulelst, fromRoute({ body, response: { 200: { type: 'array', items: { type: 'object', properties: { moduleid: { type: 'integer' }, modulename: { type: 'string' }, sequence: { type: 'integer' } } } } } })),
  menubymenname: declare(E.menubymenname, {
    body,
    answer: arrayOf(record({ pageid: INT, pagename: STR, parentId: N_INT, level: INT, link: STR, sequence: INT, landPage: STR, version: INT, path: STR })),
  }),
  getAllitempage: declare(E.getAllitempage, {
    body,
    answer: arrayOf(record({
      id: INT, srno: INT, name: STR, link: STR, parentId: N_INT, parentname: STR, level: INT, sequence: INT, version: INT, totalItems: INT,
    })),
  }),
  savemenubyuserforjson: declare(E.savemenubyuserforjson, fromRoute({ body, response: statusAnswer })),
  deletemenubyuser: declare(E.deletemenubyuser, fromRoute({ body, response: statusAnswer })),
  updatemenubyuser: declare(E.updatemenubyuser, fromRoute({ body, response: statusAnswer })),
  cleargroupall: declare(E.cleargroupall, fromRoute({ body, response: statusAnswer })),
  SaveItemname: declare(E.SaveItemname, fromRoute({ body, response: statusAnswer })),
};

const groupBody = bodySchema({ id: ID, version: ID, updategroupname: textField(1000) }, { nullable: true });
const groupAnswer = {
  200: { type: 'object', properties: { status: { type: 'string' }, id: { type: 'integer' }, message: { type: 'string' }, version: { type: 'integer' } } },
};

/** User groups (newGrouphome, newGroup) and the active users of the 'Menu By User' picker. */
export const GROUP_CONTRACT = {
  getallActiveuser: declare(E.getallActiveuser, fromRoute({ body: groupBody, response: { 200: { type: 'array', items: { type: 'object', properties: { id: INT, name: { type: 'string' }, menuVersion: INT } } } } })),
  getAllgroup: declare(E.getAllgroup, fromRoute({
      body: groupBody,
      response: {
        200: {
          type: 'array',
          items: { type: 'object', properties: { id: INT, groupname: { type: 'string' }, srno: INT, users: INT, version: INT, menuVersion: INT } },
        },
      },
    })),
  SaveUserGroup: declare(E.SaveUserGroup, fromRoute({ body: groupBody, response: groupAnswer })),
  deletegroup: declare(E.deletegroup, fromRoute({ body: groupBody, response: groupAnswer })),
};
