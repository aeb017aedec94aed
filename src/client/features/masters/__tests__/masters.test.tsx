import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RESOURCES } from '../../../../shared/resources';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, signIn, stop } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { MASTER_PATHS } from '../master-routes';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;

/** The app's own route tree, signed in, at `route`. */
function renderApp(route: string) {
  signIn();
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}

const PERMISSIONS = ['Add', 'View', 'Edit', 'Approve', 'Delete', 'Allow Microbe Identification'];
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('master routes', () => {
  it('serves the home, add and edit route of every simple master', () => {
    const expected = Object.values(RESOURCES).flatMap((r) => [r.routes.home, r.routes.add, r.routes.edit]);
    expect([...MASTER_PATHS].sort()).toEqual(expected.sort());
    expect(MASTER_PATHS.size).toBe(18);
  });

  it('a home route shows the generic list in the shell (lazily loaded)', async () => {
    answer({ getunitofmeasure: () => [{ id: 1, srno: 1, code: 'KG', unitmeasure: 'Kilogram', unittype: 'F', unittypename: 'Decimal', activeStatus: 'Y', totalItems: 1 }] });
    const { task } = renderApp('/UnitMeasureHome');
    expect(await screen.findByText('Kilogram')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Unit Of Measure' })).toBeInTheDocument();
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sr.No.', 'UOM Code', 'Unit Of Measure', 'Type', 'Action',
    ]);
    expect(screen.getByText('Decimal')).toBeInTheDocument();
    // "Searchable list with New and Back to BlankHomePage".
    fireEvent.click(screen.getByRole('link', { name: 'New' }));
    await waitFor(() => expect(location()).toBe('/UnitMeasure'));
    expect(await screen.findByLabelText('UOM Code')).toBeInTheDocument();
    await stop(task);
  });

  it('an edit route loads the record into the form', async () => {
    answer({ getdesignationById: ({ id }) => ({ id, designationcode: 'SCI', designationname: 'Scientist', activeStatus: 'Y', version: 1 }) });
    const { task } = renderApp('/editdesignation/6');
    await waitFor(() => expect(screen.getByLabelText('Designation Name')).toHaveValue('Scientist'));
    expect(callsTo('getdesignationById')).toEqual([{ id: 6 }]);
    await stop(task);
  });
});

describe('workflow role form', () => {
  it('Top Role turns on every permission; clearing one turns Top Role (and chkselect) off', async () => {
    answer({ saveworkrole: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 3 }) });
    const { task } = renderApp('/workflowrole');
    await screen.findByLabelText('Top Role');

    fireEvent.click(box('Top Role'));
    expect(box('Top Role')).toBeChecked();
    for (const p of PERMISSIONS) expect(box(p)).toBeChecked();

    fireEvent.click(box('Edit'));
    expect(box('Edit')).not.toBeChecked();
    expect(box('Top Role')).not.toBeChecked();
    for (const p of PERMISSIONS.filter((x) => x !== 'Edit')) expect(box(p)).toBeChecked();

    fireEvent.change(box('Shortname'), { target: { value: 'LAB' } });
    fireEvent.change(box('Role'), { target: { value: 'Analyst' } });
    fireEvent.change(box('Hierarchy'), { target: { value: '2' } });
    expect(box('Shortname')).toHaveAttribute('maxLength', '20');
    expect(box('Hierarchy')).toHaveAttribute('maxLength', '2');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(location()).toBe('/WorkFlowroleHomepage'));
    expect(callsTo('saveworkrole')).toEqual([
      {
        shortname: 'LAB', role: 'Analyst', hierarchy: 2,
        add: true, view: true, edit: false, approve: true, delete: true, microbe: true, toprole: false, chkselect: false,
        userID: 7,
      },
    ]);
    await stop(task);
  });

  it('Top Role sends every permission and chkselect on', async () => {
    answer({ saveworkrole: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 3 }) });
    const { task } = renderApp('/workflowrole');
    await screen.findByLabelText('Top Role');
    fireEvent.change(box('Shortname'), { target: { value: 'HEAD' } });
    fireEvent.change(box('Role'), { target: { value: 'Head' } });
    fireEvent.change(box('Hierarchy'), { target: { value: '1' } });
    fireEvent.click(box('Top Role'));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo('saveworkrole')).toHaveLength(1));
    expect(callsTo('saveworkrole')[0]).toMatchObject({
      add: true, view: true, edit: true, approve: true, delete: true, microbe: true, toprole: true, chkselect: true,
    });
    await stop(task);
  });

  it("refuses a role without permissions ('Please select atleast one Activity!') and a bad hierarchy", async () => {
    answer({});
    const { task } = renderApp('/workflowrole');
    await screen.findByLabelText('Top Role');
    fireEvent.change(box('Shortname'), { target: { value: 'LAB' } });
    fireEvent.change(box('Role'), { target: { value: 'Analyst' } });
    fireEvent.change(box('Hierarchy'), { target: { value: '0' } });
    fireEvent.click(screen.getByText('Save'));
    const toasts = await screen.findAllByTestId('toast');
    // One toast per attempt (the first message); every message is under its field.
    expect(toasts.map((t) => t.textContent)).toEqual(['OOPS!Please Check Hierarchy!']);
    expect(screen.getByText('Please Check Hierarchy!', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByTestId('form-error')).toHaveTextContent('Please select atleast one Activity!');
    expect(callsTo('saveworkrole')).toEqual([]);
    await stop(task);
  });
});

describe('record history on every generic list', () => {
  const unitRow = { id: 1, srno: 1, code: 'KG', unitmeasure: 'Kilogram', unittype: 'F', unittypename: 'Decimal', activeStatus: 'Y', totalItems: 1 };

  it('a Top Role user opens a row\'s history from the list', async () => {
    saveSession(loginResponse({ toprole: true }));
    answer({
      getunitofmeasure: () => [unitRow],
      getRecordHistory: (b) => [{
        id: 9, srno: 1, at: '2026-11-20T10:00:00Z', userId: 1, username: 'admin', action: 'unitOfMeasure.create', entity: String(b.entity),
        entityId: String(b.entityId), reason: null, ip: null, changes: [{ field: 'name', before: null, after: 'Kilogram' }], totalItems: 1,
      }],
    });
    const { task } = renderWithApp(<AppRoutes />, { route: '/UnitMeasureHome', bridge: false });
    fireEvent.click(await screen.findByRole('button', { name: 'History of unit_of_measure KG' }));
    expect(await screen.findByText('unitOfMeasure.create')).toBeInTheDocument();
    expect(callsTo('getRecordHistory')).toEqual([expect.objectContaining({ entity: 'unit_of_measure', entityId: '1' })]);
    await stop(task);
  });

  it('other users get no history icon (the audit trail is for Top Role)', async () => {
    answer({ getunitofmeasure: () => [unitRow] });
    const { task } = renderApp('/UnitMeasureHome');
    expect(await screen.findByText('Kilogram')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^History of/ })).not.toBeInTheDocument();
    await stop(task);
  });
});
