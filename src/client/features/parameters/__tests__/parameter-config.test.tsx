import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, signIn, stop, type Handler } from '../../../crud/__tests__/mock-server';
import { httpError } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';
import { bodyRows, cellsOf, rowTexts, tableNamed } from '../../../test-support/table';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function renderApp(route: string) {
  signIn();
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}

const handlers = (save: Handler): Record<string, Handler> => ({
  getActivityParametersByid: ({ id }) => ({
    activity: { id, shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 1', sequence: 1, activeStatus: 'Y' },
    actid: id, activityID: id, shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 1', sequence: 1, activeList: [],
  }),
  getCommasterTypefordropdown: () => [{ id: 9, code: 'SOIL', type: 'Soil Type' }],
  saveParameters: save,
});

/** The table's rows as [Sequence, Parameter Name, Configuration, Validations]. */
const tableRows = () => rowTexts(tableNamed('Configured parameters')).map((cells) => cells.slice(0, 4));

async function addThree() {
  await waitFor(() => expect(field('Activity Name')).toHaveValue('Isolation'));
  expect(field('Activity Level')).toHaveValue('Level 1');
  expect(field('Activity Level')).toHaveAttribute('readonly');
  expect(field('Sequence')).toHaveValue(1);
  expect(field('Mandatory')).toBeChecked();

  // 1: a Float number.
  change('Short Name', 'ph');
  expect(field('Short Name')).toHaveValue('PH');
  expect(field('Short Name')).toHaveAttribute('maxLength', '6');
  expect(field('Parameter Name')).toHaveAttribute('maxLength', '100');
  change('Parameter Name', 'pH Value');
  change('Type', 'Number');
  change('Unit Type', 'Float');
  expect(field('Parameters')).toHaveValue('User Entry');
  change('Min Length', '1');
  change('Max Length', '5');
  expect(field('Decimal Places')).toHaveAttribute('step', '0.25');
  expect(field('Min Length')).toHaveAttribute('min', '0');
  change('Decimal Places', '2');
  fireEvent.click(field('Allow Negative'));
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(field('Sequence')).toHaveValue(2));
  expect(field('Short Name')).toHaveValue('');
  expect(field('Mandatory')).toBeChecked();

  // 2: a master-data dropdown, optional.
  change('Short Name', 'col');
  change('Parameter Name', 'Colour');
  change('Type', 'Dropdown');
  change('Unit Type', 'MasterData');
  expect(field('Parameters')).toHaveValue('User Selection');
  expect(screen.queryByLabelText('Allow Negative')).not.toBeInTheDocument();
  expect(await screen.findByRole('option', { name: 'Soil Type' })).toBeInTheDocument();
  change('Common Master Type', '9');
  fireEvent.click(field('Mandatory'));
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(field('Sequence')).toHaveValue(3));

  // 3: a date on or before today.
  change('Short Name', 'dt');
  change('Parameter Name', 'Sampling Date');
  change('Type', 'Date-Control');
  change('Unit Type', 'Date');
  fireEvent.click(field('Before or equal to the current date'));
  fireEvent.click(field('Only the current date'));
  expect(field('Before or equal to the current date')).not.toBeChecked();
  fireEvent.click(field('Before or equal to the current date'));
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(field('Sequence')).toHaveValue(4));
}

describe('parameter configuration', () => {
  it('adds three parameters, edits one, removes one and saves the set', async () => {
    answer(handlers(() => ({ message: 'Success', actid: 3, count: 2 })));
    const { task } = renderApp('/paramactivity/3');
    await addThree();
    expect(within(screen.getByRole('grid', { name: 'Configured parameters' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sequence', 'Parameter Name', 'Configuration', 'Validations', 'Action',
    ]);
    expect(tableRows()).toEqual([
      ['1', 'pH Value (PH)', 'Number / Float / User Entry', 'Mandatory, Min length 1, Max length 5, Decimal places 2, Negatives allowed'],
      ['2', 'Colour (COL)', 'Dropdown / MasterData / User Selection / Soil Type', 'Optional'],
      ['3', 'Sampling Date (DT)', 'Date-Control / Date / User Entry', 'Mandatory, Before or equal to the current date'],
    ]);

    // Edit: the row's values in the form; Add replaces it; the counter goes back to the next sequence.
    fireEvent.click(screen.getByRole('button', { name: 'Edit COL' }));
    expect(field('Parameter Name')).toHaveValue('Colour');
    expect(field('Sequence')).toHaveValue(2);
    expect(field('Mandatory')).not.toBeChecked();
    // the row being edited is marked in the list, and only that one
    const selectedRows = () => bodyRows(tableNamed('Configured parameters')).filter((r) => r.getAttribute('aria-selected') === 'true').map((r) => cellsOf(r)[1].textContent);
    expect(selectedRows()).toEqual(['Colour (COL)']);
    change('Parameter Name', 'Soil Colour');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(field('Sequence')).toHaveValue(4));
    expect(tableRows().map((r) => r[1])).toEqual(['pH Value (PH)', 'Soil Colour (COL)', 'Sampling Date (DT)']);
    expect(selectedRows()).toEqual([]);

    // Remove: the rows after it move up and the counter goes down by one.
    fireEvent.click(screen.getByRole('button', { name: 'Remove PH' }));
    expect(tableRows().map((r) => [r[0], r[1]])).toEqual([['1', 'Soil Colour (COL)'], ['2', 'Sampling Date (DT)']]);
    expect(field('Sequence')).toHaveValue(3);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/activityHome'));
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toContain('Record Saved Successfully!');
    const [body] = callsTo('saveParameters');
    expect(body).toMatchObject({ actid: 3, activityID: 3, userID: 7 });
    expect(body.activeList).toEqual([
      expect.objectContaining({
        shortname: 'COL', parameterName: 'Soil Colour', type: 'Dropdown', sequence: 1, unittype: 'MasterData', userentry: 'User Selection',
        commonmastertype: 9, commonmastertypeid: 9, mandatory: false, minlength: null, status: 'Y',
      }),
      expect.objectContaining({
        shortname: 'DT', parameterName: 'Sampling Date', type: 'Date-Control', sequence: 2, unittype: 'Date',
        lessthncurrentdate: true, greatthncurrentdate: false, currentdate: false, mandatory: true,
      }),
    ]);
    await stop(task);
  });

  it('keeps the configuration and shows the detail of a 400', async () => {
    answer(handlers(() => {
      throw httpError(400, { statusCode: 400, message: 'Error', detail: 'Parameter 1 (PH): there is no such activity.' });
    }));
    const { task } = renderApp('/paramactivity/3');
    await waitFor(() => expect(field('Activity Name')).toHaveValue('Isolation'));
    change('Short Name', 'ph');
    change('Parameter Name', 'pH Value');
    change('Type', 'Text');
    change('Unit Type', 'Character');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(field('Sequence')).toHaveValue(2));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toContain('OOPS!Parameter 1 (PH): there is no such activity.');
    expect(location()).toBe('/paramactivity/3');
    expect(tableRows()).toEqual([['1', 'pH Value (PH)', 'Text / Character / User Entry', 'Mandatory']]);
    await stop(task);
  });

  it('a stale save (409) keeps the edits, says why and offers Reload, which loads the current set and version', async () => {
    let version = 4;
    answer({
      ...handlers(() => {
        throw httpError(409, { statusCode: 409, message: 'Error', version: 5, detail: 'Someone else changed the parameters of this activity since you opened it. Your changes are not saved: reload to see theirs.' });
      }),
      getActivityParametersByid: ({ id }) => ({
        activity: { id, shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 1', sequence: 1, activeStatus: 'Y' },
        actid: id, activityID: id, shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 1', sequence: 1, activeList: [], version: version++,
      }),
    });
    const { task } = renderApp('/paramactivity/3');
    await waitFor(() => expect(field('Activity Name')).toHaveValue('Isolation'));
    change('Short Name', 'ph');
    change('Parameter Name', 'pH Value');
    change('Type', 'Text');
    change('Unit Type', 'Character');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(field('Sequence')).toHaveValue(2));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed the parameters of this activity/)).toBeInTheDocument();
    expect(callsTo('saveParameters')[0]).toMatchObject({ version: 4 });
    expect(tableRows()).toHaveLength(1); // the user's edits are still there
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(/Someone else changed/)).not.toBeInTheDocument());
    expect(callsTo('getActivityParametersByid')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('saveParameters')).toHaveLength(2));
    expect(callsTo('saveParameters')[1]).toMatchObject({ version: 5 });
    await stop(task);
  });
  it('opens the form only on the stored set: nothing can be typed before it arrives, and one that failed offers Reload, not Save', async () => {
    let arrive: (() => void) | null = null;
    let fail = true;
    answer({
      ...handlers(() => ({ message: 'Success' })),
      getActivityParametersByid: async (body) => {
        if (fail) throw httpError(500, { statusCode: 500, message: 'Error' });
        await new Promise<void>((resolve) => {
          arrive = resolve;
        });
        return handlers(() => undefined).getActivityParametersByid(body);
      },
    });
    const { task } = renderApp('/paramactivity/3');
    expect(await screen.findByText('The activity could not be loaded.', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Short Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(arrive).not.toBeNull());
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Short Name')).not.toBeInTheDocument();
    arrive!();
    await waitFor(() => expect(field('Activity Name')).toHaveValue('Isolation'));
    change('Short Name', 'ph');
    expect(field('Short Name')).toHaveValue('PH');
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    await stop(task);
  });
});
