import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MENU_MSG, type MenuTreeNode } from '../../../../shared/contract/menu-endpoints';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, signIn, stop, type Handler } from '../../../crud/__tests__/mock-server';
import { httpError } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;

function renderApp(route: string) {
  signIn();
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}

/** Opens an MUI select by its label and picks an option. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

const node = (id: number, name: string, level: 1 | 2 | 3, parentId: number | null, children: MenuTreeNode[] = [], sequence = 1): MenuTreeNode => ({
  id, name, issub: level === 3 ? 'Y' : 'N', level, parentId, sequence, link: '', landPage: 'N', children,
});
const TREE = [node(1, 'Laboratory', 1, null, [node(2, 'Activities', 2, 1, [node(3, 'Level 1 Activity', 3, 2)], 4)]), node(10, 'Master Data', 1, null, [], 4)];

const LOOKUPS: Record<string, Handler> = {
  getallActiveuser: () => [{ id: 5, name: 'Vikram Patil (staff1)' }, { id: 6, name: 'Meera Iyer (staff2)' }],
  getAllgroup: () => [{ id: 2, groupname: 'Laboratory Staff', srno: 1, users: 2 }],
  menubyuser: () => TREE,
  getallmenudata: () => TREE,
  getmodulelst: () => [{ moduleid: 1, modulename: 'Laboratory', sequence: 1 }, { moduleid: 10, modulename: 'Master Data', sequence: 4 }],
  menubymenname: ({ moduleid }) => (Number(moduleid) === 10
    ? [{ pageid: 11, pagename: 'Department', parentId: 10, level: 2, link: 'departmentHome', sequence: 3, landPage: 'N', path: 'Department' }]
    : [{ pageid: 2, pagename: 'Activities', parentId: 1, level: 2, link: '', sequence: 4, landPage: 'N', path: 'Activities' }]),
};

test("Menu By User: 'Oops! Please Select Valid User' without a user; GO opens the user's tree; Cancel goes home", async () => {
  answer(LOOKUPS);
  const { task } = renderApp('/Menu By User');
  fireEvent.click(await screen.findByRole('button', { name: 'GO' }));
  expect(await screen.findByText(MENU_MSG.selectUser)).toBeInTheDocument();
  expect(location()).toBe('/Menu By User');

  await pick('Resource Name', 'Meera Iyer (staff2)');
  fireEvent.click(screen.getByRole('button', { name: 'GO' }));
  await waitFor(() => expect(location()).toBe('/bmstree'));
  expect(await screen.findByRole('treeitem', { name: /Level 1 Activity/ })).toBeInTheDocument();
  expect(callsTo('menubyuser')).toEqual([{ userId: '6', from: 'User' }]);
  await stop(task);
});

test('Menu By User: Cancel goes to homepage', async () => {
  answer(LOOKUPS);
  const { task } = renderApp('/Menu By User');
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(location()).toBe('/homepage'));
  await stop(task);
});

test("bmstree of a user: Update answers 'Sorry ! But This Feature Only for Groups'; Delete asks, then deletes the selected node", async () => {
  const del = jest.fn(() => ({ status: 'OK', message: MENU_MSG.deleted }));
  answer({ ...LOOKUPS, deletemenubyuser: del });
  const { task } = renderApp('/bmstree?id=6&from=User');
  expect(await screen.findByText('Menu of the User: Meera Iyer (staff2)')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText(MENU_MSG.onlyGroups)).toBeInTheDocument();

  fireEvent.click(await screen.findByRole('treeitem', { name: /Activities/ }));
  expect(screen.getByTestId('selected-node')).toHaveTextContent('Selected: Activities');
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(MENU_MSG.confirmDelete)).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
  expect(await screen.findByText(MENU_MSG.deleted)).toBeInTheDocument();
  expect(callsTo('deletemenubyuser')).toEqual([{ parentid: 1, menuId: 2, userId: '6', from: 'User' }]);
  await waitFor(() => expect(callsTo('menubyuser')).toHaveLength(2));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(location()).toBe('/menu2'));
  await stop(task);
});

test("bmstree: a refused delete shows 'Save Failed' with the server's sentence", async () => {
  answer({ ...LOOKUPS, deletemenubyuser: () => { throw httpError(400, { message: 'This menu item is not in the selected menu.' }); } });
  const { task } = renderApp('/bmstree?id=6&from=User');
  fireEvent.click(await screen.findByRole('treeitem', { name: /Master Data/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  expect(await screen.findByText(MENU_MSG.saveFailed)).toBeInTheDocument();
  expect(screen.getByText('This menu item is not in the selected menu.')).toBeInTheDocument();
  await stop(task);
});

test('menu2 new: module and menu item are required; a sub menu name is at most 25; Save grants the item and returns to the tree', async () => {
  const save = jest.fn(() => ({ status: 'OK', message: MENU_MSG.saved }));
  answer({ ...LOOKUPS, savemenubyuserforjson: save });
  const { task } = renderApp('/menu2?id=2&from=group&forstr=new');
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  expect(await screen.findAllByText(MENU_MSG.moduleRequired)).not.toHaveLength(0);
  expect(save).not.toHaveBeenCalled();

  await pick('Module', 'Master Data');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findAllByText(MENU_MSG.itemRequired)).not.toHaveLength(0);

  // Is sub menu swaps the menu item dropdown for a text field
  fireEvent.click(screen.getByLabelText('Is sub menu'));
  expect(screen.queryByRole('combobox', { name: 'Menu Item' })).not.toBeInTheDocument();
  const name = screen.getByLabelText('Sub Menu Name') as HTMLInputElement;
  expect(name).toHaveAttribute('maxLength', '25');
  fireEvent.change(name, { target: { value: 'X'.repeat(26) } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findAllByText(MENU_MSG.nameMax)).not.toHaveLength(0);
  expect(save).not.toHaveBeenCalled();

  fireEvent.click(screen.getByLabelText('Is sub menu'));
  await pick('Menu Item', 'Department');
  expect(screen.getByLabelText('Sequence')).toHaveValue(3);
  fireEvent.click(screen.getByLabelText('Landing page'));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(location()).toBe('/bmstree'));
  expect(callsTo('savemenubyuserforjson')).toEqual([{
    jsonsavelist: [{ from: 'group', moduleid: 10, pageid: 11, parentId: 10, resourcegroupid: '2', sequence: 3, modulename: 'Master Data', pagename: 'Department', isSubMenu: 'N', menuname: '' }],
    landPage: 'Y', groupId: '2', userId: null,
  }]);
  expect(await screen.findByText(MENU_MSG.saved)).toBeInTheDocument();
  await stop(task);
});

test("menu2 edit: 'Sequence is Not Less Than Current'; a valid edit calls updatemenubyuser", async () => {
  const update = jest.fn(() => ({ status: 'OK', message: MENU_MSG.saved }));
  answer({ ...LOOKUPS, updatemenubyuser: update });
  const { task } = renderApp('/menu2?id=2&from=group&forstr=edit&menuId=2');
  await waitFor(() => expect(screen.getByLabelText('Menu Name')).toHaveValue('Activities'));
  expect(screen.getByLabelText('Sequence')).toHaveValue(4);
  fireEvent.change(screen.getByLabelText('Sequence'), { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findAllByText(MENU_MSG.sequenceNotLess)).not.toHaveLength(0);
  expect(update).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText('Sequence'), { target: { value: '6' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(location()).toBe('/bmstree'));
  expect(callsTo('updatemenubyuser')).toEqual([{ usergroupid: '2', id: '2', from: 'group', menuId: 2, sequence: 6, landPage: 'N', menuname: 'Activities' }]);
  await stop(task);
});

test("menu2 edit: sends the item's version; a stale save keeps the values, says why and offers Reload", async () => {
  let version = 3;
  const tree = () => [node(1, 'Laboratory', 1, null, [{ ...node(2, 'Activities', 2, 1, [], 4), version }])];
  const update = jest.fn((body: Record<string, unknown>) => {
    if (body.version !== version) throw httpError(409, { statusCode: 409, message: MENU_MSG.staleItem, version });
    return { status: 'OK', message: MENU_MSG.saved, version: version + 1 };
  });
  answer({ ...LOOKUPS, getallmenudata: tree, updatemenubyuser: update });
  const { task } = renderApp('/menu2?id=2&from=group&forstr=edit&menuId=2');
  await waitFor(() => expect(screen.getByLabelText('Menu Name')).toHaveValue('Activities'));
  version = 4; // someone else changed the item meanwhile
  fireEvent.change(screen.getByLabelText('Sequence'), { target: { value: '6' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(MENU_MSG.staleItem);
  expect(screen.getByLabelText('Sequence')).toHaveValue(6);
  expect(location()).toBe('/menu2');

  fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(screen.queryByText(MENU_MSG.staleItem)).not.toBeInTheDocument());
  expect(screen.getByLabelText('Sequence')).toHaveValue(4);
  fireEvent.change(screen.getByLabelText('Sequence'), { target: { value: '6' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(location()).toBe('/bmstree'));
  expect(callsTo('updatemenubyuser').map((b) => b.version)).toEqual([3, 4]);
  await stop(task);
});

test('menu2 edit: the item is edited only once loaded; an item that is gone says so and offers no Save', async () => {
  let arrive: (() => void) | null = null;
  const tree = LOOKUPS.getallmenudata;
  answer({
    ...LOOKUPS,
    getallmenudata: async (body) => {
      await new Promise<void>((resolve) => {
        arrive = resolve;
      });
      return tree(body);
    },
  });
  const loading = renderApp('/menu2?id=2&from=group&forstr=edit&menuId=2');
  await waitFor(() => expect(arrive).not.toBeNull());
  expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Menu Name')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  arrive!();
  await waitFor(() => expect(screen.getByLabelText('Menu Name')).toHaveValue('Activities'));
  await stop(loading.task);
  loading.unmount();

  answer(LOOKUPS);
  const gone = renderApp('/menu2?id=2&from=group&forstr=edit&menuId=999');
  expect(await screen.findByText('Could not load the menu item.')).toBeInTheDocument();
  expect(screen.queryByLabelText('Menu Name')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  await stop(gone.task);
});

test("bmstree delete: sent with the menu's version; a stale one offers Reload, which reads the menu and its version again", async () => {
  let menuVersion = 7;
  const groups = () => [{ id: 2, groupname: 'Laboratory Staff', srno: 1, users: 2, version: 1, menuVersion }];
  const stale = (body: Record<string, unknown>) => {
    if (body.menuVersion !== menuVersion) throw httpError(409, { statusCode: 409, message: MENU_MSG.staleMenu, menuVersion });
    menuVersion += 1;
    return { status: 'OK', message: MENU_MSG.saved, menuVersion };
  };
  answer({ ...LOOKUPS, getAllgroup: groups, savemenubyuserforjson: stale, deletemenubyuser: stale });
  const tree = renderApp('/bmstree?id=2&from=group');
  expect(await screen.findByText('Menu of the User Group: Laboratory Staff')).toBeInTheDocument();
  menuVersion = 8; // someone else changed the group's menu meanwhile
  fireEvent.click(await screen.findByRole('treeitem', { name: /Master Data/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(MENU_MSG.staleMenu);
  fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(screen.queryByText(MENU_MSG.staleMenu)).not.toBeInTheDocument());
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  expect(await screen.findByText(MENU_MSG.saved)).toBeInTheDocument();
  expect(callsTo('deletemenubyuser').map((b) => b.menuVersion)).toEqual([7, 8]);
  await stop(tree.task);
});
