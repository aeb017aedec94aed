import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activityType, department, unitOfMeasure } from '../../../shared/resources';
import type { ResourceDef } from '../../../shared/resources/types';
import { httpError } from '../../test-support/fixtures';
import { renderWithApp } from '../../test-support/render';
import { ResourceFormPage } from '../resource-form-page';
import { answer, callsTo, signIn, stop } from './mock-server';

jest.mock('../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;

function renderForm(resource: ResourceDef, route = resource.routes.add) {
  signIn();
  const path = route === resource.routes.add ? resource.routes.add : resource.routes.edit;
  return renderWithApp(<ResourceFormPage resource={resource} />, { route, path });
}

const toastTexts = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
// (getByRole is slow on MUI's DOM; the labels and texts used here are unique.)
const save = () => fireEvent.click(screen.getByText('Save'));

describe('ResourceFormPage', () => {
  it('an empty save shows the exact required messages under the fields and the first as one OOPS! toast, without a call', async () => {
    answer({});
    const { task } = renderForm(department);
    expect(screen.getByLabelText('Code')).toHaveAttribute('maxLength', '20');
    expect(screen.getByLabelText('Department Name')).toHaveAttribute('maxLength', '50');

    save();
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Please Enter Department Code!'));
    expect(screen.getByLabelText('Department Name')).toHaveAccessibleDescription('Please Enter Department Name!');
    expect(await toastTexts()).toEqual(['OOPS!Please Enter Department Code!']);
    // Tried again: still one toast, not a second copy queued over the form.
    save();
    await new Promise((r) => setTimeout(r, 100));
    expect(await toastTexts()).toEqual(['OOPS!Please Enter Department Code!']);
    expect(callsTo('savedepartment')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/departmentHome');
    await stop(task);
  });

  it("a good save sends the fields, toasts 'Record Saved Successfully!' and returns to the list", async () => {
    answer({ savedepartment: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 12 }) });
    const { task } = renderForm(department);
    type('Code', ' MIC ');
    type('Department Name', 'Microbiology');
    save();

    await waitFor(() => expect(location()).toBe('/departmentHome'));
    expect(callsTo('savedepartment')).toEqual([{ departmentCode: 'MIC', departmentName: 'Microbiology', userID: 7 }]);
    expect(await toastTexts()).toEqual(['Record Saved Successfully!']);
    await stop(task);
  });

  it('a duplicate shows the rescoremessage as an error and stays on the form', async () => {
    answer({
      savedepartment: () => ({ status: 'Failed', status1: 'Success1', rescoremessage: 'This Department Code Is Already Present!' }),
    });
    const { task } = renderForm(department);
    type('Code', 'MIC');
    type('Department Name', 'Microbiology');
    save();

    expect(await toastTexts()).toEqual(['OOPS!This Department Code Is Already Present!']);
    expect(location()).toBe('/department');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await stop(task);
  });

  it('the unit type is one exclusive choice; clicking the ticked one clears it; none is refused', async () => {
    answer({ saveunitofmeasure: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 3 }) });
    const { task } = renderForm(unitOfMeasure);
    const group = screen.getByRole('group', { name: 'Type' });
    const box = (name: string) => within(group).getByLabelText(name);
    const boxes = () => group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect([...boxes()].map((c) => c.closest('label')?.textContent)).toEqual([
      'Character (A-Z)', 'Decimal (00.0)', 'Integer (+/-)', 'Date (DD/MM/YYYY)', 'Boolean (1/0)',
    ]);

    fireEvent.click(box('Character (A-Z)'));
    expect(box('Character (A-Z)')).toBeChecked();
    fireEvent.click(box('Integer (+/-)'));
    expect(box('Integer (+/-)')).toBeChecked();
    expect(box('Character (A-Z)')).not.toBeChecked();
    fireEvent.click(box('Integer (+/-)'));
    expect([...boxes()].filter((c) => c.checked)).toHaveLength(0);

    type('UOM Code', 'KG');
    type('Unit Of Measure', 'Kilogram');
    expect(screen.getByLabelText('UOM Code')).toHaveAttribute('maxLength', '5');
    save();
    expect(await toastTexts()).toEqual(['OOPS!Please Select One Checkbox']);
    expect(within(group).getByText('Please Select One Checkbox')).toBeInTheDocument();
    expect(callsTo('saveunitofmeasure')).toEqual([]);

    fireEvent.click(box('Decimal (00.0)'));
    save();
    await waitFor(() => expect(location()).toBe('/UnitMeasureHome'));
    expect(callsTo('saveunitofmeasure')).toEqual([{ code: 'KG', unitmeasure: 'Kilogram', unittype: 'F', userID: 7 }]);
    await stop(task);
  });

  it("activity: the level select and the Sequence checkbox that reveals the Sequence input", async () => {
    answer({ saveactivity: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 5 }) });
    const { task } = renderForm(activityType);
    const level = screen.getByLabelText('Activity Level');
    expect(level.tagName).toBe('SELECT');
    expect([...(level as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Select Level', 'Level 1', 'Level 2']);
    // One 'Sequence' checkbox; its input appears when ticked.
    const sequences = () => screen.getAllByLabelText('Sequence') as HTMLInputElement[];
    expect(sequences().map((e) => e.type)).toEqual(['checkbox']);

    type('Short Name', 'ISO');
    type('Type', 'Isolation');
    fireEvent.change(level, { target: { value: 'Level 1' } });
    fireEvent.click(sequences()[0]);
    expect(sequences().map((e) => e.type)).toEqual(['checkbox', 'text']);
    const sequence = sequences()[1];
    expect(sequence).toHaveAttribute('maxLength', '20');
    save();
    expect(await toastTexts()).toEqual(['OOPS!Please enter the Sequence.']);

    fireEvent.change(sequence, { target: { value: '3' } });
    save();
    await waitFor(() => expect(location()).toBe('/activityHome'));
    expect(callsTo('saveactivity')).toEqual([
      { shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 1', sequence: 3, sequence1: true, userID: 7 },
    ]);
    await stop(task);
  });

  it('activity: the exact required messages (the first as the toast, each under its field)', async () => {
    answer({});
    const { task } = renderForm(activityType);
    save();
    expect(await toastTexts()).toEqual(['OOPS!Please Enter Short Name Code!']);
    for (const m of ['Please Enter Short Name Code!', 'Please Enter Activity Name!', 'Please select the Activity Level.']) {
      expect(screen.getByText(m, { selector: 'p' })).toBeInTheDocument();
    }
    await stop(task);
  });

  it('edit: loads the record by id, sends id and version; a stale save offers Reload, which reloads the record', async () => {
    let version = 2;
    answer({
      getdepartmentById: ({ id }) => ({ id, departmentCode: 'MIC', departmentName: `Microbiology v${version}`, activeStatus: 'Y', version }),
      savedepartment: () => {
        throw httpError(409, { message: 'This record was changed by someone else since you opened it. Reload it to see the latest version.' });
      },
    });
    const { task } = renderForm(department, '/Editdepartment/4');
    await waitFor(() => expect(screen.getByLabelText('Department Name')).toHaveValue('Microbiology v2'));
    expect(callsTo('getdepartmentById')).toEqual([{ id: 4 }]);

    type('Department Name', 'Microbiology Lab');
    version = 3;
    save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This record was changed by someone else');
    expect(callsTo('savedepartment')).toEqual([
      { departmentCode: 'MIC', departmentName: 'Microbiology Lab', userID: 7, id: 4, version: 2 },
    ]);

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Department Name')).toHaveValue('Microbiology v3'));
    expect(callsTo('getdepartmentById')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await stop(task);
  });

  it('a 400 shows the server message', async () => {
    answer({ savedepartment: () => { throw httpError(400, { message: 'Please Enter Department Name!' }); } });
    const { task } = renderForm(department);
    type('Code', 'MIC');
    type('Department Name', 'x');
    save();
    expect(await toastTexts()).toEqual(['OOPS!Please Enter Department Name!']);
    await stop(task);
  });
});
