import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { decryptFromTransport } from '../../../../shared/transport/aes';
import { EMPLOYEE_MSG } from '../../../../shared/resources';
import { APPROVER_MSG, USER_ACCESS_MSG } from '../../../../shared/contract/user-endpoints';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, signIn, stop, type Handler } from '../../../crud/__tests__/mock-server';
import { FALLBACK_CONFIG } from '../../../lib/runtime-config';
import { httpError } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function renderApp(route: string) {
  signIn({ delete: true });
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}

const LOOKUPS: Record<string, Handler> = {
  getdepartmentForEmployee: () => [{ id: 3, departmentCode: 'MIC', departmentName: 'Microbiology' }],
  getdesignationall: () => [{ id: 4, designationcode: 'SCI', designationname: 'Scientist' }],
  getbandForTask: () => [{ id: 5, bandname: 'Analyst', shortname: 'AN', hierarchy: 2 }],
  getusergroup: () => [{ usergroupid: 2, usergroup: 'Lab Users' }],
};

const EMPLOYEES = [
  { resourceID: 11, srno: 1, employeecode: 'E011', firstname: 'Ravi', middlename: 'K', lastname: 'Rao', msg: 'Active', activeStatus: 'Y', totalItems: 2 },
  { resourceID: 12, srno: 2, employeecode: 'E012', firstname: 'Meena', middlename: '', lastname: 'Das', msg: 'Inactive', activeStatus: 'N', totalItems: 2 },
];

describe('employee list', () => {
  it('shows Code, Name, Status and Action with the row links, and refuses an empty search with a modal', async () => {
    answer({ getempmasterfroEmp: () => EMPLOYEES });
    const { task } = renderApp('/userHomepage');
    expect(await screen.findByText('Ravi K Rao')).toBeInTheDocument();
    expect(screen.getByText('Meena Das')).toBeInTheDocument();
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Code', 'Name', 'Status', 'Action',
    ]);
    const first = screen.getByText('E011').closest('[role="row"]') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/user/11');
    expect(within(first).getByRole('link', { name: 'Activity Access' })).toHaveAttribute('href', '/userActivityAccess/11');
    expect(within(first).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    const second = screen.getByText('E012').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/BlankHomePage');

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Please Enter Some Text To Search!');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('getSearchForEmployeeMaster')).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Add' }));
    await waitFor(() => expect(location()).toBe('/user'));
    await stop(task);
  });
});

describe('approvers warning on the employee list', () => {
  it('names the employees with activities nobody can approve, each linked to its activity access', async () => {
    answer({
      getempmasterfroEmp: () => EMPLOYEES,
      getEmployeesWithoutApprover: () => [
        { resourceID: 11, employeecode: 'E011', name: 'Ravi K Rao', reportingmanagerid: 0, reportingmanager: '', problem: 'none' },
        { resourceID: 14, employeecode: 'E014', name: 'New Staff', reportingmanagerid: 12, reportingmanager: 'Meena Das', problem: 'cannotApprove' },
      ],
    });
    const { task } = renderApp('/userHomepage');
    const warning = await screen.findByTestId('approver-warning');
    expect(warning).toHaveTextContent(APPROVER_MSG.warningTitle(2));
    expect(warning).toHaveTextContent('E011 Ravi K Rao has no reporting manager');
    expect(warning).toHaveTextContent('E014 New Staff reports to Meena Das, whose role cannot approve');
    expect(within(warning).getByRole('link', { name: 'E014 New Staff' })).toHaveAttribute('href', '/userActivityAccess/14');
    expect(await screen.findByText('Ravi K Rao', { selector: 'td, [role="gridcell"]' })).toBeInTheDocument();
    await stop(task);
  });

  it('shows nothing when every employee has an approver', async () => {
    answer({ getempmasterfroEmp: () => EMPLOYEES, getEmployeesWithoutApprover: () => [] });
    const { task } = renderApp('/userHomepage');
    expect(await screen.findByText('Meena Das')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('getEmployeesWithoutApprover')).toHaveLength(1));
    expect(screen.queryByTestId('approver-warning')).not.toBeInTheDocument();
    await stop(task);
  });
});

describe('user master form', () => {
  it('reports the required messages in the spec order', async () => {
    answer({ ...LOOKUPS });
    const { task } = renderApp('/user');
    await screen.findByLabelText('User Code');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const order = [
      EMPLOYEE_MSG.code, EMPLOYEE_MSG.salutation, EMPLOYEE_MSG.gender, EMPLOYEE_MSG.firstName,
      EMPLOYEE_MSG.mobile, EMPLOYEE_MSG.email, EMPLOYEE_MSG.department, EMPLOYEE_MSG.username,
    ];
    // Every message under its field, in form order (a field without one keeps its empty line); one toast, the first.
    await waitFor(() =>
      expect([...document.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map((e) => e.textContent).filter((t) => t !== '')).toEqual(order),
    );
    const toasts = await screen.findAllByTestId('toast');
    expect(toasts.map((t) => t.textContent)).toEqual([`OOPS!${order[0]}`]);
    expect(callsTo('saveemployeemaster')).toEqual([]);
    await stop(task);
  });

  it('sends the mobile number encoded as mobile1 and shows the initial password once', async () => {
    answer({
      ...LOOKUPS,
      saveemployeemaster: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 21, initialPassword: 'Tmp#4821xy' }),
    });
    const { task } = renderApp('/user');
    await screen.findByLabelText('User Code');
    await screen.findByRole('option', { name: 'Microbiology' });
    expect(screen.getByText('+91')).toBeInTheDocument();
    expect(screen.queryByLabelText('Reporting Manager')).not.toBeInTheDocument();
    for (const [label, value] of [
      ['User Code', 'E021'], ['Salutation', 'Ms.'], ['Gender', 'Female'], ['First Name', 'Priya'], ['Last Name', 'Nair'],
      ['Mobile No', '9876543210'], ['Email ID', 'priya.nair@lab.example.org'], ['Department', '3'], ['Designation', '4'],
      ['Workflow Role', '5'], ['User Name', 'priya'], ['User Group', '2'],
    ]) {
      fireEvent.change(field(label), { target: { value } });
    }
    // System Status Active (spec 000): a new user is active unless unticked
    expect(field('System Status Active')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('initial-password')).toHaveTextContent('Initial password for priya: Tmp#4821xy');
    expect(dialog).toHaveTextContent(/shown only once/);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(location()).toBe('/user');

    const [body] = callsTo('saveemployeemaster');
    expect(body).not.toHaveProperty('mobile');
    expect(body).not.toHaveProperty('reportingmanagerid');
    expect(decryptFromTransport(String(body.mobile1), FALLBACK_CONFIG.cryptoKey)).toBe('9876543210');
    expect(body).toMatchObject({
      employeecode: 'E021', salutation: 'Ms.', gender: 'Female', firstname: 'Priya', lastname: 'Nair', email: 'priya.nair@lab.example.org',
      tbdepartment: 3, tbdesignation: 4, tbband: 5, selfaccessforuser: 'priya', usergroupid: 2, selfactive: true, userID: 7,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/userHomepage'));
    expect(screen.queryByText(/Tmp#4821xy/)).not.toBeInTheDocument();
    await stop(task);
  });

  it('edits a user: loads the record, keeps the reporting manager out and returns to the list', async () => {
    answer({
      ...LOOKUPS,
      getEmployeedByid: ({ id }) => ({
        resourceID: id, employeecode: 'E011', salutation: 'Mr.', gender: 'Male', firstname: 'Ravi', middlename: 'K', lastname: 'Rao',
        address: '', mobile: '9123456780', email: 'ravi@lab.example.org', tbdepartment: 3, tbdesignation: 4, tbband: 5,
        selfaccessforuser: 'ravi', usergroupid: 2, reportingmanagerid: 9, roleid: 5, rolename: 'Analyst', msg: 'Active',
        activeStatus: 'Y', selfactive: 'Y', version: 4,
      }),
      saveemployeemaster: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 11 }),
    });
    const { task } = renderApp('/user/11');
    await waitFor(() => expect(field('First Name')).toHaveValue('Ravi'));
    expect(callsTo('getEmployeedByid')).toEqual([{ id: 11 }]);
    await screen.findByRole('option', { name: 'Microbiology' });
    expect(field('Department')).toHaveValue('3');
    fireEvent.change(field('Last Name'), { target: { value: 'Reddy' } });
    expect(field('System Status Active')).toBeChecked();
    fireEvent.click(field('System Status Active'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/userHomepage'));
    expect(screen.queryByTestId('initial-password')).not.toBeInTheDocument();
    const [body] = callsTo('saveemployeemaster');
    expect(body).toMatchObject({ id: 11, resourceID: 11, version: 4, lastname: 'Reddy', selfactive: false });
    expect(body).not.toHaveProperty('reportingmanagerid');
    expect(body).not.toHaveProperty('mobile');
    expect(decryptFromTransport(String(body.mobile1), FALLBACK_CONFIG.cryptoKey)).toBe('9123456780');
    await stop(task);
  });
});

const ACCESS = {
  userid: 11, resourceId: 11, roleid: 5, rolename: 'Analyst', name: 'Ravi K Rao', reportingmanagerid: 0,
  actAccesslst: [
    { activityID: 1, activityname: 'Soil Sampling', shortname: 'SS', sequence: '1', activitylevel: '1', chkselect: false, add: false, edit: false, view: false, delete: false, microbe: false, toprole: false },
    { activityID: 2, activityname: 'Culture', shortname: 'CU', sequence: '2', activitylevel: '1', chkselect: false, add: false, edit: false, view: false, delete: false, microbe: false, toprole: false },
  ],
};

describe('user activity access', () => {
  it('checks resource then activity, and saves the ticked activities with the reporting manager', async () => {
    answer({
      getUsractById: () => ACCESS,
      getCheckboxes: () => ({ add: true, edit: false, view: true, delete: false, approve: false, microbe: true, toprole: false }),
      getApproversForUser: () => [{ id: 11, name: 'Ravi K Rao', rolename: 'Analyst' }, { id: 9, name: 'Head Person', rolename: 'Reporting Manager' }],
      saveUserActivityAceess: () => ({ status: 'Success', message: 'Record Saved Successfully!' }),
    });
    const { task } = renderApp('/userActivityAccess/11');
    expect(await screen.findByTestId('access-name')).toHaveTextContent('Ravi K Rao');
    expect(screen.getByTestId('access-role')).toHaveTextContent('Analyst');
    expect(callsTo('getUsractById')).toEqual([{ userid: 11 }]);
    // the managers offered are those who can approve, by name and role (never the employee)
    await screen.findByRole('option', { name: 'Head Person (Reporting Manager)' });
    expect(callsTo('getApproversForUser')).toEqual([{ userid: 11 }]);
    expect(callsTo('getresourceByroleId')).toEqual([]);
    expect(screen.queryByRole('option', { name: /Ravi K Rao/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('manager-warning')).not.toBeInTheDocument();
    await waitFor(() => expect(field('Add')).toBeChecked());
    expect(field('Add')).toBeDisabled();
    expect(field('Edit')).not.toBeChecked();
    expect(field('Workflow Role')).toBeDisabled();
    expect(within(screen.getByRole('grid', { name: 'Activities' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Select', 'Sr No.', 'Short Name', 'Activity Name', 'Sequence',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_ACCESS_MSG.resource)).toBeInTheDocument();
    fireEvent.change(field('Move To Resource Name'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_ACCESS_MSG.activity)).toBeInTheDocument();
    expect(callsTo('saveUserActivityAceess')).toEqual([]);

    fireEvent.click(field('Select Culture'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/userHomepage'));
    expect(await screen.findByText('Record Saved Successfully!')).toBeInTheDocument();
    const [body] = callsTo('saveUserActivityAceess');
    expect(body).toMatchObject({ userid: 11, resourceId: 11, roleid: 5, reportingmanagerid: 9 });
    expect((body.actAccesslst as Array<Record<string, unknown>>).map((r) => [r.activityID, r.chkselect])).toEqual([
      [1, false],
      [2, true],
    ]);
    await stop(task);
  });

  it('a stale save (409) keeps the ticks, says why and offers Reload, which reads the access and its version again', async () => {
    let version = 7;
    answer({
      getUsractById: () => ({ ...ACCESS, reportingmanagerid: 9, reportingmanagername: 'Head Person', version: version++ }),
      getCheckboxes: () => ({ add: true, edit: false, view: true, delete: false, approve: false, microbe: true, toprole: false }),
      getApproversForUser: () => [{ id: 9, name: 'Head Person', rolename: 'Reporting Manager' }],
      saveUserActivityAceess: (body) => {
        if (body.version === 7) throw httpError(409, { statusCode: 409, message: USER_ACCESS_MSG.stale, version: 8 });
        return { status: 'Success', message: 'Record Saved Successfully!', version: 9 };
      },
    });
    const { task } = renderApp('/userActivityAccess/11');
    await screen.findByTestId('access-name');
    fireEvent.click(field('Select Culture'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(USER_ACCESS_MSG.stale);
    expect(callsTo('saveUserActivityAceess')[0]).toMatchObject({ version: 7, reportingmanagerid: 9 });
    expect(location()).toBe('/userActivityAccess/11');
    expect(field('Select Culture')).toBeChecked(); // the edits are still there

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(USER_ACCESS_MSG.stale)).not.toBeInTheDocument());
    expect(callsTo('getUsractById')).toHaveLength(2);
    await waitFor(() => expect(field('Select Culture')).not.toBeChecked()); // what the server holds now
    fireEvent.click(field('Select Culture'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/userHomepage'));
    expect(callsTo('saveUserActivityAceess')[1]).toMatchObject({ version: 8 });
    await stop(task);
  });

  it('names a current manager who cannot approve, warns, and offers those who can', async () => {
    answer({
      getUsractById: () => ({ ...ACCESS, reportingmanagerid: 2, reportingmanagername: 'Colleague Same Role' }),
      getCheckboxes: () => ({ add: true, edit: true, view: true, delete: false, approve: false, microbe: true, toprole: false }),
      getApproversForUser: () => [{ id: 9, name: 'Head Person', rolename: 'Reporting Manager' }],
    });
    const { task } = renderApp('/userActivityAccess/11');
    expect(await screen.findByTestId('manager-warning')).toHaveTextContent(APPROVER_MSG.current('Colleague Same Role'));
    // the name, never the raw id
    expect(field('Move To Resource Name')).toHaveValue('2');
    expect(screen.getByRole('option', { name: 'Colleague Same Role (cannot approve)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '2' })).not.toBeInTheDocument();
    fireEvent.change(field('Move To Resource Name'), { target: { value: '9' } });
    expect(field('Move To Resource Name')).toHaveValue('9');
    await stop(task);
  });

  it('without an employee in the route, asks for the employee first and opens their access', async () => {
    answer({
      getempmasterfroEmp: () => EMPLOYEES,
      getSearchForEmployeeMaster: ({ searchText }) => EMPLOYEES.filter((e) => e.firstname.toLowerCase().includes(String(searchText).toLowerCase())),
      getUsractById: () => ACCESS,
      getApproversForUser: () => [],
    });
    const { task } = renderApp('/userActivityAccess');
    expect(await screen.findByText('Choose the employee whose activity access you want to set.')).toBeInTheDocument();
    expect(screen.queryByText(/not available yet/)).not.toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: 'Employee' });
    fireEvent.change(input, { target: { value: 'rav' } });
    await waitFor(() => expect(callsTo('getSearchForEmployeeMaster')).toContainEqual({ pageno: 1, searchText: 'rav' }));
    fireEvent.click(await screen.findByRole('option', { name: 'E011 Ravi K Rao' }));
    await waitFor(() => expect(location()).toBe('/userActivityAccess/11'));
    expect(await screen.findByTestId('access-name')).toHaveTextContent('Ravi K Rao');
    await stop(task);
  });

  it('refuses a user without a workflow role', async () => {
    answer({ getUsractById: () => ({ ...ACCESS, roleid: 0, rolename: '' }) });
    const { task } = renderApp('/userActivityAccess/11');
    await screen.findByTestId('access-name');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_ACCESS_MSG.role)).toBeInTheDocument();
    expect(callsTo('saveUserActivityAceess')).toEqual([]);
    await stop(task);
  });
});
