import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { activityType, commonMasterType, department, workflowRole } from '../../../shared/resources';
import { renderWithApp } from '../../test-support/render';
import { ResourceListPage } from '../resource-list-page';
import { answer, callsTo, departmentPage, signIn, stop } from './mock-server';

jest.mock('../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;

// A role that may deactivate (lab staff without Delete are not offered it: see the test at the end).
function renderList(resource = department, route = resource.routes.home, flags: Parameters<typeof signIn>[0] = { delete: true }) {
  signIn(flags);
  return renderWithApp(<ResourceListPage resource={resource} />, { route, path: resource.routes.home });
}

/** The query of the address and the browser's Back, as a user has them. */
function UrlProbe() {
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{search}</output>
      <button type="button" onClick={() => void navigate(-1)}>Browser back</button>
    </>
  );
}

function renderListWithUrl(route: string) {
  signIn({ delete: true });
  return renderWithApp(
    <>
      <UrlProbe />
      <ResourceListPage resource={department} />
    </>,
    { route, path: department.routes.home },
  );
}

const bodyRows = () => within(screen.getByRole('grid')).getAllByRole('row').slice(1);

describe('ResourceListPage', () => {
  it("renders the definition's headers exactly and the rows of page 1 (pageno 1, userID)", async () => {
    answer({ getdepartment: ({ pageno }) => departmentPage(Number(pageno), 23) });
    const { task } = renderList();

    expect(screen.getByRole('heading', { level: 2, name: 'Department' })).toBeInTheDocument();
    const headers = within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Sr.No.', 'Code', 'Department Name', 'Action']);

    await screen.findByText('Department 1');
    expect(callsTo('getdepartment')).toEqual([{ pageno: 1, userID: 7 }]);
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    expect(within(rows[0]).getAllByRole('gridcell').slice(0, 3).map((c) => c.textContent)).toEqual(['1', 'D001', 'Department 1']);
    // Active rows: delete icon (Deactivate); inactive rows: reset icon (Reactivate); the status is shown.
    expect(within(rows[0]).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('row-status')).toHaveTextContent('Active');
    expect(within(rows[1]).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(within(rows[1]).getByTestId('row-status')).toHaveTextContent('Inactive');
    expect(within(rows[0]).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/Editdepartment/1');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/department');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/BlankHomePage');
    await stop(task);
  });

  it('shows at most 7 page links and loads the page clicked', async () => {
    answer({ getdepartment: ({ pageno }) => departmentPage(Number(pageno), 150) });
    const { task } = renderList();
    await screen.findByText('Department 1');

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pageLinks = () => within(nav).getAllByRole('button', { name: /^Page \d+$/ });
    expect(pageLinks().map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 7' }));
    await screen.findByText('Department 61');
    expect(callsTo('getdepartment').at(-1)).toEqual({ pageno: 7, userID: 7 });
    // The window follows the current page: 4..10, still seven links.
    expect(pageLinks().map((b) => b.textContent)).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    expect(screen.getByTestId('list-total')).toHaveTextContent('Page 7 of 15 (150 records)');

    fireEvent.click(within(nav).getByRole('button', { name: 'Last page' }));
    await screen.findByText('Department 141');
    expect(pageLinks().map((b) => b.textContent)).toEqual(['9', '10', '11', '12', '13', '14', '15']);
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await stop(task);
  });

  it("an empty search shows 'Please Enter Some Text To Search!' (OOPS!) and calls nothing", async () => {
    answer({ getdepartment: () => departmentPage(1, 3) });
    const { task } = renderList();
    await screen.findByText('Department 1');

    fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('OOPS!Please Enter Some Text To Search!');
    expect(callsTo('getSearchForDepartmentHome')).toEqual([]);
    await stop(task);
  });

  it('searches with the text, pages within the search, and Refresh returns to the list', async () => {
    answer({
      getdepartment: ({ pageno }) => departmentPage(Number(pageno), 3),
      getSearchForDepartmentHome: ({ pageno }) =>
        departmentPage(Number(pageno), 12).map((r) => ({ ...r, departmentName: `Soil ${String(r.id)}` })),
    });
    const { task } = renderList();
    await screen.findByText('Department 1');
    expect(screen.getByLabelText('Search Text')).toHaveAttribute('maxLength', '50');

    fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: 'soil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Soil 1');
    expect(callsTo('getSearchForDepartmentHome')).toEqual([{ searchText: 'soil', pageno: 1, userID: 7 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Soil 11');
    expect(callsTo('getSearchForDepartmentHome').at(-1)).toEqual({ searchText: 'soil', pageno: 2, userID: 7 });

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Department 1');
    expect(screen.getByLabelText('Search Text')).toHaveValue('');
    expect(callsTo('getdepartment')).toHaveLength(2);
    await stop(task);
  });

  it('deactivate sends N and reactivate sends Y to the status endpoint; each shows the message and reloads', async () => {
    answer({
      getallworkflow: () => [
        { id: 3, srno: 1, shortname: 'LAB', role: 'Analyst', hierarchy: 2, activeStatus: 'Y', totalItems: 2 },
        { id: 4, srno: 2, shortname: 'MGR', role: 'Manager', hierarchy: 1, activeStatus: 'N', totalItems: 2 },
      ],
      workflowtdelstatus: ({ activeStatus }) =>
        activeStatus === 'N'
          ? { status: 'Success', message: 'Record Deleted Successfully!' }
          : { status: 'Success2', status1: 'Success2', message: 'Deleted Record Successfully Recovered!' },
    });
    const { task } = renderList(workflowRole);
    await screen.findByText('Analyst');
    const headers = within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Sr.No.', 'Short Name', 'Role', 'Hierarchy', 'Action']);
    expect(screen.getByLabelText('Search Text')).toHaveAttribute('maxLength', '20');

    fireEvent.click(within(bodyRows()[0]).getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo('workflowtdelstatus')).toEqual([{ id: 3, activeStatus: 'N', userID: 7 }]));
    expect(await screen.findByText('Record Deleted Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('getallworkflow')).toHaveLength(2));

    fireEvent.click(within(bodyRows()[1]).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(callsTo('workflowtdelstatus')).toHaveLength(2));
    expect(callsTo('workflowtdelstatus')[1]).toEqual({ id: 4, activeStatus: 'Y', userID: 7 });
    expect(await screen.findByText('Deleted Record Successfully Recovered!')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('getallworkflow')).toHaveLength(3));
    await stop(task);
  });

  it("a failed status change shows 'Please Check Again!' and reloads", async () => {
    answer({
      getdepartment: () => departmentPage(1, 1),
      departmentdelstatus: () => ({ status: 'Failed' }),
    });
    const { task } = renderList();
    await screen.findByText('Department 1');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Please Check Again!')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('getdepartment')).toHaveLength(2));
    await stop(task);
  });

  it("the definition's extra row actions link to their routes with the row id", async () => {
    answer({
      getactivity: () => [{ id: 5, srno: 1, shortname: 'ISO', activityname: 'Isolation', sequence: 2, activeStatus: 'Y', status: 'Y', totalItems: 1 }],
      getCommasterType: () => [{ id: 8, code: 'SOILT', type: 'Soil Type', activeStatus: 'Y', totalItems: 1 }],
    });
    const first = renderList(activityType);
    await screen.findByText('Isolation');
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sr.No.', 'Short Name', 'Activity Type', 'Sequence', 'Action',
    ]);
    expect(screen.getByRole('link', { name: 'Parameters' })).toHaveAttribute('href', '/paramactivity/5');
    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(location()).toBe('/editactivity/5'));
    await stop(first.task);
    first.unmount();

    const second = renderList(commonMasterType);
    await screen.findByText('Soil Type');
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Type', 'Action']);
    fireEvent.click(screen.getByRole('link', { name: 'Entries' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/8'));
    await stop(second.task);
  });

  it('shows that there are no records', async () => {
    answer({ getdepartment: () => [] });
    const { task } = renderList();
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await stop(task);
  });

  it('keeps the page in the URL: page 3 survives a reload (remount) and Back returns to the page before', async () => {
    answer({ getdepartment: ({ pageno }) => departmentPage(Number(pageno), 25) });
    const first = renderListWithUrl(department.routes.home);
    await screen.findByText('Department 1');
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Department 11');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Department 21');
    expect(screen.getByTestId('search')).toHaveTextContent('?page=3');
    // The last page of 25 rows: the 5 rows past the second boundary, in order.
    expect(bodyRows().map((row) => within(row).getAllByRole('gridcell')[2].textContent)).toEqual(
      ['Department 21', 'Department 22', 'Department 23', 'Department 24', 'Department 25'],
    );
    expect(screen.getByTestId('list-total')).toHaveTextContent('Page 3 of 3 (25 records)');
    await stop(first.task);
    first.unmount();

    // Reload: a new store, the same address.
    const second = renderListWithUrl(`${department.routes.home}?page=3`);
    await screen.findByText('Department 21');
    expect(callsTo('getdepartment').at(-1)).toEqual({ pageno: 3, userID: 7 });
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Department 1')).not.toBeInTheDocument();

    // Back (within this history: page 2 was not visited since the reload, so go to page 2 and back).
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Department 11');
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await screen.findByText('Department 21');
    expect(screen.getByTestId('search')).toHaveTextContent('?page=3');
    expect(callsTo('getdepartment').at(-1)).toEqual({ pageno: 3, userID: 7 });
    await stop(second.task);
  });

  it('pages a list past 1,000 rows: a deep page from the URL, seven page links around it, the last page', async () => {
    answer({ getdepartment: ({ pageno }) => departmentPage(Number(pageno), 1503) });
    const { task } = renderListWithUrl(`${department.routes.home}?page=120`);
    await screen.findByText('Department 1191');
    expect(callsTo('getdepartment').at(-1)).toEqual({ pageno: 120, userID: 7 });
    expect(bodyRows().map((row) => within(row).getAllByRole('gridcell')[2].textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Department ${1191 + i}`),
    );
    expect(screen.getByTestId('list-total')).toHaveTextContent('Page 120 of 151 (1,503 records)');
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(['117', '118', '119', '120', '121', '122', '123']);
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByText('Department 1503');
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByTestId('search')).toHaveTextContent('?page=151');
    await stop(task);
  });

  it('keeps the search text in the URL with its page; Back returns to the plain list', async () => {
    answer({
      getdepartment: ({ pageno }) => departmentPage(Number(pageno), 3),
      getSearchForDepartmentHome: ({ pageno }) =>
        departmentPage(Number(pageno), 25).map((r) => ({ ...r, departmentName: `Soil ${String(r.id)}` })),
    });
    const first = renderListWithUrl(department.routes.home);
    await screen.findByText('Department 1');
    fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: 'soil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Soil 1');
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await screen.findByText('Soil 21');
    expect(screen.getByTestId('search')).toHaveTextContent('?q=soil&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await screen.findByText('Soil 1');
    expect(screen.getByTestId('search')).toHaveTextContent('?q=soil');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await screen.findByText('Department 1');
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    expect(screen.getByLabelText('Search Text')).toHaveValue('');
    await stop(first.task);
    first.unmount();

    const second = renderListWithUrl(`${department.routes.home}?q=soil&page=3`);
    await screen.findByText('Soil 25');
    expect(callsTo('getSearchForDepartmentHome').at(-1)).toEqual({ searchText: 'soil', pageno: 3, userID: 7 });
    expect(screen.getByLabelText('Search Text')).toHaveValue('soil');
    await stop(second.task);
  });
});

test('a role without Delete is not offered Deactivate or Reactivate (the server would refuse them)', async () => {
  answer({ getdepartment: () => departmentPage(1, 3) });
  const { task } = renderList(department, department.routes.home, { delete: false });
  await screen.findByText('Department 1');
  expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
  expect(screen.getAllByRole('link', { name: 'Edit' }).length).toBeGreaterThan(0);
  await stop(task);
});
