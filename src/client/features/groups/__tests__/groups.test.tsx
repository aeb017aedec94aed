import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MENU_MSG } from '../../../../shared/contract/menu-endpoints';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, signIn, stop } from '../../../crud/__tests__/mock-server';
import { httpError } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;
function renderApp(route: string) {
  signIn();
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}
const GROUPS = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, groupname: `Group ${String(i + 1).padStart(2, '0')}`, srno: i + 1, users: i % 2 }));
const bodyRows = () => within(screen.getByRole('grid', { name: 'User groups' })).queryAllByRole('row').slice(1).map((r) => within(r).getAllByRole('gridcell').slice(0, 2).map((c) => c.textContent));

test('newGrouphome: ten rows per page, search, the tree icon, and delete after the confirmation', async () => {
  let groups = [...GROUPS];
  answer({
    getAllgroup: () => groups,
    deletegroup: ({ id }) => {
      if (id === 2) throw httpError(400, { status: 'NO', message: "The User Group 'Group 02' still has 1 active user; move them to another group first." });
      groups = groups.filter((g) => g.id !== id);
      return { status: 'OK' };
    },
  });
  const { task } = renderApp('/newGrouphome');
  await waitFor(() => expect(bodyRows()).toHaveLength(10));
  expect(bodyRows()[0]).toEqual(['1', 'Group 01']);
  expect(within(screen.getByRole('grid', { name: 'User groups' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sr. No.', 'Group', 'Action']);
  expect(screen.getByText('Page 1 of 2 (12 records)')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(bodyRows()).toEqual([['11', 'Group 11'], ['12', 'Group 12']]));
  expect(screen.getByTestId('location-search').textContent).toBe('?page=2');

  // The filter starts again at page 1 and is in the address too (no history entry per key).
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'group 0' } });
  await waitFor(() => expect(bodyRows()).toHaveLength(9));
  expect(screen.getByTestId('location-search').textContent).toBe('?q=group+0');

  // refused while users remain: the server's sentence
  fireEvent.click(screen.getByRole('button', { name: 'Delete Group 02' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(MENU_MSG.confirmDelete)).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
  expect(await screen.findByText(/still has 1 active user/)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  // No keeps the group
  fireEvent.click(screen.getByRole('button', { name: 'Delete Group 03' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(callsTo('deletegroup')).toEqual([{ id: 2 }]);

  fireEvent.click(screen.getByRole('button', { name: 'Delete Group 03' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(bodyRows().map((r) => r[1])).not.toContain('Group 03'));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  fireEvent.click(screen.getByRole('button', { name: 'Menu of Group 04' }));
  await waitFor(() => expect(location()).toBe('/bmstree'));
  await stop(task);
});

test("newGroup: NO shows 'Oops', OK shows 'Done' and goes to the list; New and Cancel navigate", async () => {
  answer({
    getAllgroup: () => [],
    SaveUserGroup: ({ updategroupname }) => {
      if (updategroupname === 'Taken') throw httpError(400, { status: 'NO', message: "A User Group named 'Taken' already exists." });
      return { status: 'OK', id: 5 };
    },
  });
  const { task } = renderApp('/newGrouphome');
  fireEvent.click(await screen.findByRole('link', { name: 'New' }));
  await waitFor(() => expect(location()).toBe('/newGroup'));
  const field = await screen.findByLabelText('User Group');
  fireEvent.change(field, { target: { value: 'Taken' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(MENU_MSG.oops)).toBeInTheDocument();
  expect(location()).toBe('/newGroup');

  fireEvent.change(field, { target: { value: 'Field Team' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(location()).toBe('/newGrouphome'));
  expect(await screen.findByText(MENU_MSG.done)).toBeInTheDocument();
  expect(callsTo('SaveUserGroup')).toEqual([{ updategroupname: 'Taken' }, { updategroupname: 'Field Team' }]);

  fireEvent.click(await screen.findByRole('link', { name: 'New' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(location()).toBe('/newGrouphome'));
  await stop(task);
});

test('newGroup?id renames the group with the version read; a stale rename keeps the name typed and offers Reload', async () => {
  let group = { id: 3, groupname: 'Field Team', srno: 1, users: 0, version: 4, menuVersion: 1 };
  answer({
    getAllgroup: () => [group],
    SaveUserGroup: ({ id, updategroupname, version }) => {
      if (version !== group.version) throw httpError(409, { statusCode: 409, status: 'NO', message: MENU_MSG.staleGroup, version: group.version });
      group = { ...group, groupname: String(updategroupname), version: group.version + 1 };
      return { status: 'OK', id, version: group.version };
    },
  });
  const { task } = renderApp('/newGrouphome');
  fireEvent.click(await screen.findByRole('button', { name: 'Rename Field Team' }));
  await waitFor(() => expect(location()).toBe('/newGroup'));
  const field = await screen.findByLabelText('User Group');
  await waitFor(() => expect(field).toHaveValue('Field Team'));

  group = { ...group, groupname: 'Field Crew', version: 5 }; // someone else renames it meanwhile
  fireEvent.change(field, { target: { value: 'Soil Team' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(MENU_MSG.staleGroup);
  expect(field).toHaveValue('Soil Team');
  expect(location()).toBe('/newGroup');

  fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
  await waitFor(() => expect(field).toHaveValue('Field Crew'));
  expect(screen.queryByText(MENU_MSG.staleGroup)).not.toBeInTheDocument();
  fireEvent.change(field, { target: { value: 'Soil Team' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(location()).toBe('/newGrouphome'));
  expect(callsTo('SaveUserGroup')).toEqual([
    { updategroupname: 'Soil Team', id: 3, version: 4 },
    { updategroupname: 'Soil Team', id: 3, version: 5 },
  ]);
  await stop(task);
});
