import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { DEFAULT_ANSWERS } from '../../../../shared/resources/types';
import { PAIR_SEPARATOR_MSG } from '../entry-form-page';
import { answer, callsTo, signIn, stop, type Handler } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;

function renderApp(route: string) {
  signIn();
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}

const entry = (id: number, over: Record<string, unknown> = {}) => ({
  id, srno: id, typeid: 4, type: 'District', shortname: `D${id}`, value: `District ${id}`, activeStatus: 'Y',
  depenid: 11, depenshortname: 'MH', depenname: 'Maharashtra', depentypeid: 2, depentype: 'States of India', totalItems: 12, ...over,
});

describe('common master entries list', () => {
  it('lists the entries of a type and refuses an empty search without a call', async () => {
    answer({
      getCommonMaster: ({ pageno }) => (pageno === 1 ? Array.from({ length: 10 }, (_, i) => entry(i + 1)) : [entry(11), entry(12, { activeStatus: 'N' })]),
      getSearchForcommonMaster: () => [entry(3, { totalItems: 1 })],
      changeStatusForCommonMaster: ({ activeStatus }) => (activeStatus === 'Y' ? DEFAULT_ANSWERS.reactivated : DEFAULT_ANSWERS.deactivated),
      gettypeformasterByID: ({ id }) => ({ id, typeid: id, code: 'DIST', type: 'District', activeStatus: 'Y' }),
    });
    const { task } = renderApp('/CommonMasterEntry/4');
    expect(await screen.findByText('District 10')).toBeInTheDocument();
    expect(await screen.findByTestId('entries-type')).toHaveTextContent('Master Type: District');
    expect(within(screen.getByRole('grid', { name: 'Common master entries' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Short Name', 'Value', 'Dependent Short Name', 'Dependent Name', 'Action',
    ]);
    expect(callsTo('getCommonMaster')).toEqual([{ typeid: 4, pageno: 1, userID: 7 }]);
    expect(screen.getAllByRole('link', { name: 'Edit' })[0]).toHaveAttribute('href', '/EditCommonMaster/1');
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/CommonMaster/4');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/CommonMasterTypeHome');
    expect(screen.getByTestId('list-total')).toHaveTextContent('Page 1 of 2 (12 records)');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('District 12')).toBeInTheDocument();
    // a status change asks for the page on screen again (the same body: asked again, not served from the slice)
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText(DEFAULT_ANSWERS.reactivated.message)).toBeInTheDocument();
    expect(callsTo('changeStatusForCommonMaster')).toEqual([{ id: 12, activeStatus: 'Y', userID: 7 }]);
    await waitFor(() => expect(callsTo('getCommonMaster')).toHaveLength(3));
    expect(callsTo('getCommonMaster')[2]).toEqual({ typeid: 4, pageno: 2, userID: 7 });

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toContain('OOPS!Please Fill Search Text!');
    expect(callsTo('getSearchForcommonMaster')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: 'D3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('District 12')).not.toBeInTheDocument());
    expect(screen.getByText('District 3')).toBeInTheDocument();
    expect(callsTo('getSearchForcommonMaster')).toEqual([{ typeid: 4, searchText: 'D3', pageno: 1, userID: 7 }]);
    await stop(task);
  });
});

describe('common master entry form', () => {
  const dependencyHandlers = (save: Handler): Record<string, Handler> => ({
    gettypeformasterByID: ({ id }) => ({ id, typeid: id, code: 'DIST', type: 'District', activeStatus: 'Y' }),
    getCommasterTypefordependacy: () => [{ id: 2, code: 'ST', type: 'States of India' }],
    getCommonMasterfordependancy: () => [{ id: 11, shortname: 'MH', value: 'Maharashtra' }],
    savecommonmasterdependancy: save,
  });

  async function openDependency() {
    fireEvent.click(await screen.findByLabelText('Dependency'));
    expect(await screen.findByRole('option', { name: 'States of India' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Master Type'), { target: { value: '2' } });
    expect(await screen.findByRole('option', { name: 'MH - Maharashtra' })).toBeInTheDocument();
    expect(callsTo('getCommonMasterfordependancy')).toEqual([{ typeidfordep: 2 }]);
    fireEvent.change(screen.getByLabelText('Depends On'), { target: { value: '11' } });
  }

  it('without dependency: read-only master type, required Shortname and Value', async () => {
    answer({
      gettypeformasterByID: ({ id }) => ({ id, typeid: id, code: 'DIST', type: 'District', activeStatus: 'Y' }),
      savecommonmaster: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 40 }),
    });
    const { task } = renderApp('/CommonMaster/5');
    await waitFor(() => expect(screen.getByLabelText('Master Type')).toHaveValue('District'));
    expect(screen.getByLabelText('Master Type')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Shortname')).toHaveAttribute('maxLength', '5');
    expect(screen.getByLabelText('Value')).toHaveAttribute('maxLength', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toasts = await screen.findAllByTestId('toast');
    expect(toasts.map((t) => t.textContent)).toEqual(['OOPS!Please Fill ShortName!', 'OOPS!Please Fill Value!']);
    expect(callsTo('savecommonmaster')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Shortname'), { target: { value: 'PN' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'Pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/5'));
    expect(callsTo('savecommonmaster')).toEqual([{ typeid: 5, shortname: 'PN', value: 'Pune', userID: 7 }]);
    await stop(task);
  });

  const plain = { depenid: null, depenshortname: null, depenname: null, depentypeid: null, depentype: null };

  it('the edit route loads the entry and saves it with its id and version', async () => {
    answer({
      getcommasterByID: ({ id }) => ({ ...entry(Number(id), plain), shortname: 'PN', value: 'Pune', version: 3 }),
      gettypeformasterByID: ({ id }) => ({ id, typeid: id, code: 'DIST', type: 'District', activeStatus: 'Y' }),
      savecommonmaster: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 8 }),
    });
    const { task } = renderApp('/EditCommonMaster/8');
    await waitFor(() => expect(screen.getByLabelText('Value')).toHaveValue('Pune'));
    expect(screen.getByLabelText('Master Type')).toHaveValue('District');
    expect(screen.getByLabelText('Dependency')).not.toBeChecked();
    expect(screen.getByLabelText('Dependency')).toBeDisabled();
    expect(screen.queryByLabelText('Depends On')).not.toBeInTheDocument();
    expect(callsTo('gettypeformasterByID')).toEqual([{ id: 4 }]);
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'Poona' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/4'));
    expect(callsTo('savecommonmaster')).toEqual([{ typeid: 4, shortname: 'PN', value: 'Poona', userID: 7, id: 8, version: 3 }]);
    await stop(task);
  });

  it('shows the live format message and Save only when the Values text has the format', async () => {
    answer(dependencyHandlers(() => ({ status: 'Success', message: 'Record Saved Successfully!', ids: [1] })));
    const { task } = renderApp('/CommonMaster/5');
    await openDependency();
    const values = screen.getByLabelText('Values');
    expect(screen.getByTestId('format-message')).toHaveTextContent('Please Fill Values!');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    fireEvent.change(values, { target: { value: 'PN:Pune,MU' } });
    expect(screen.getByTestId('format-message')).toHaveTextContent('Incorrect Format ! String Must Be Same As Per The Given Format');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    fireEvent.change(values, { target: { value: 'PN:Pune,MU:Mumbai' } });
    expect(screen.getByTestId('format-message')).toHaveTextContent('Correct Format.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Dependency values' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sr. No.', 'Short Name', 'Name', 'Action']);
    expect(within(screen.getByTestId('pair-2')).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['2', 'MU', 'Mumbai']);
    await stop(task);
  });

  it('edits a pair inline (cancel keeps it, save changes it) and saves the edited pairs', async () => {
    answer(dependencyHandlers(() => ({ status: 'Success', message: 'Record Saved Successfully!', ids: [1, 2] })));
    const { task } = renderApp('/CommonMaster/5');
    await openDependency();
    fireEvent.change(screen.getByLabelText('Values'), { target: { value: 'PN:Pune,MU:Mumbai' } });

    fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }));
    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'Poona' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel row 1' }));
    expect(screen.getByTestId('pair-1')).toHaveTextContent('Pune');

    fireEvent.click(screen.getByRole('button', { name: 'Edit row 2' }));
    expect(screen.getByLabelText('Short Name 2')).toHaveAttribute('maxLength', '5');
    expect(screen.getByLabelText('Name 2')).toHaveAttribute('maxLength', '50');
    fireEvent.change(screen.getByLabelText('Name 2'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save row 2' }));
    expect(screen.getByTestId('pair-2')).toHaveTextContent('Please fill the Name.');
    fireEvent.change(screen.getByLabelText('Name 2'), { target: { value: 'Mumbai City' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save row 2' }));
    expect(within(screen.getByTestId('pair-2')).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['2', 'MU', 'Mumbai City']);
    // the Values text shows the edit: what is saved is what is shown
    expect(screen.getByLabelText('Values')).toHaveValue('PN:Pune,MU:Mumbai City');
    expect(screen.getByTestId('format-message')).toHaveTextContent('Correct Format.');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/5'));
    expect(callsTo('savecommonmasterdependancy')).toEqual([
      {
        typeid: 5,
        typeidfordep: 2,
        typeidfordepsortname: 11,
        valueforjson: 'PN:Pune,MU:Mumbai City',
        distList: [
          { depenshortname: 'PN', depenname: 'Pune' },
          { depenshortname: 'MU', depenname: 'Mumbai City' },
        ],
        userID: 7,
      },
    ]);
    await stop(task);
  });

  it('keeps the Values text and the pair table one: a deleted pair leaves the text, a separator in an inline edit is refused, typing rewrites the table', async () => {
    answer(dependencyHandlers(() => ({ status: 'Success', message: 'Record Saved Successfully!', ids: [1, 2] })));
    const { task } = renderApp('/CommonMaster/5');
    await openDependency();
    const values = screen.getByLabelText('Values');
    fireEvent.change(values, { target: { value: 'PN: Pune, MU:Mumbai,NG:Nagpur' } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete row 2' }));
    expect(values).toHaveValue('PN:Pune,NG:Nagpur');
    expect(screen.queryByTestId('pair-3')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('pair-2')).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['2', 'NG', 'Nagpur']);

    // a colon or comma would split the pair in the text: refused, the row and the text stay as they were
    fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }));
    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'Pune, City' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save row 1' }));
    expect(screen.getByTestId('pair-1')).toHaveTextContent(PAIR_SEPARATOR_MSG);
    expect(values).toHaveValue('PN:Pune,NG:Nagpur');
    fireEvent.change(screen.getByLabelText('Short Name 1'), { target: { value: ' PU ' } });
    fireEvent.change(screen.getByLabelText('Name 1'), { target: { value: 'Pune City' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save row 1' }));
    expect(values).toHaveValue('PU:Pune City,NG:Nagpur');

    // typing in the text after an inline edit keeps the edit (the table is read from the text)
    fireEvent.change(values, { target: { value: 'PU:Pune City,NG:Nagpur,WR:Wardha' } });
    expect(within(screen.getByTestId('pair-1')).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['1', 'PU', 'Pune City']);
    expect(within(screen.getByTestId('pair-3')).getAllByRole('cell').slice(0, 3).map((c) => c.textContent)).toEqual(['3', 'WR', 'Wardha']);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/5'));
    const [body] = callsTo('savecommonmasterdependancy');
    expect(body.valueforjson).toBe('PU:Pune City,NG:Nagpur,WR:Wardha');
    expect(body.distList).toEqual([
      { depenshortname: 'PU', depenname: 'Pune City' },
      { depenshortname: 'NG', depenname: 'Nagpur' },
      { depenshortname: 'WR', depenname: 'Wardha' },
    ]);
    await stop(task);
  });

  it("status Error1 shows the server's massage as a warning and stays on the form", async () => {
    answer(dependencyHandlers(() => ({ status: 'Error1', massage: 'Short Name PN Already Exists!' })));
    const { task } = renderApp('/CommonMaster/5');
    await openDependency();
    fireEvent.change(screen.getByLabelText('Values'), { target: { value: 'PN:Pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Short Name PN Already Exists!');
    expect(toast.closest('.notistack-MuiContent-warning')).not.toBeNull();
    expect(location()).toBe('/CommonMaster/5');
    await stop(task);
  });
});

describe('editing an entry that depends on another', () => {
  it('shows the Dependency box ticked with its parent type and entry, and saves Shortname and Value', async () => {
    answer({
      getcommasterByID: ({ id }) => ({ ...entry(Number(id)), shortname: 'PN', value: 'Pune', version: 2 }),
      gettypeformasterByID: ({ id }) => ({ id, typeid: id, code: 'DIST', type: 'District', activeStatus: 'Y' }),
      savecommonmaster: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 9 }),
    });
    const { task } = renderApp('/EditCommonMaster/9');
    await waitFor(() => expect(screen.getByLabelText('Value')).toHaveValue('Pune'));
    expect(screen.getByLabelText('Dependency')).toBeChecked();
    expect(screen.getByLabelText('Dependency')).toBeDisabled();
    await waitFor(() => expect(screen.getByLabelText('Entry Type')).toHaveValue('District'));
    expect(screen.getByLabelText('Master Type')).toHaveValue('States of India');
    expect(screen.getByLabelText('Master Type')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Depends On')).toHaveValue('MH - Maharashtra');
    expect(screen.getByLabelText('Depends On')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Shortname')).toHaveValue('PN');
    // no Values text area: one entry is edited, not a batch created
    expect(screen.queryByLabelText('Values')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toEqual(['OOPS!Please Fill Value!']);
    expect(callsTo('savecommonmaster')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'Pune City' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/4'));
    expect(callsTo('savecommonmaster')).toEqual([{ typeid: 4, shortname: 'PN', value: 'Pune City', userID: 7, id: 9, version: 2 }]);
    expect(callsTo('savecommonmasterdependancy')).toEqual([]);
    await stop(task);
  });
});

describe('routes without a type', () => {
  const types = () => [{ id: 2, code: 'ST', type: 'States of India' }, { id: 4, code: 'DIST', type: 'District' }];

  it('/CommonMaster: the type is chosen in the form, then the entry is saved to it', async () => {
    answer({
      getCommasterTypefordropdown: types,
      savecommonmaster: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 41 }),
    });
    const { task } = renderApp('/CommonMaster');
    expect(await screen.findByRole('option', { name: 'District' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is not available yet.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Master Type')).toHaveValue('');
    // nothing to save into yet: only Back
    expect(screen.queryByLabelText('Shortname')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/CommonMasterTypeHome');

    fireEvent.change(screen.getByLabelText('Master Type'), { target: { value: '4' } });
    fireEvent.change(await screen.findByLabelText('Shortname'), { target: { value: 'PN' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'Pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/4'));
    expect(callsTo('savecommonmaster')).toEqual([{ typeid: 4, shortname: 'PN', value: 'Pune', userID: 7 }]);
    expect(callsTo('getCommasterTypefordropdown')).toHaveLength(1);
    await stop(task);
  });

  it('/CommonMaster with Dependency on: the chosen type is the type of the new entries', async () => {
    answer({
      getCommasterTypefordropdown: types,
      getCommasterTypefordependacy: () => [{ id: 2, code: 'ST', type: 'States of India' }],
      getCommonMasterfordependancy: () => [{ id: 11, shortname: 'MH', value: 'Maharashtra' }],
      savecommonmasterdependancy: () => ({ status: 'Success', message: 'Record Saved Successfully!', ids: [50] }),
    });
    const { task } = renderApp('/CommonMaster');
    expect(await screen.findByRole('option', { name: 'District' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Dependency'));
    fireEvent.change(screen.getByLabelText('Entry Type'), { target: { value: '4' } });
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'States of India' })).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Master Type'), { target: { value: '2' } });
    expect(await screen.findByRole('option', { name: 'MH - Maharashtra' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Depends On'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Values'), { target: { value: 'PN:Pune' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/CommonMasterEntry/4'));
    expect(callsTo('savecommonmasterdependancy')).toEqual([
      { typeid: 4, typeidfordep: 2, typeidfordepsortname: 11, valueforjson: 'PN:Pune', distList: [{ depenshortname: 'PN', depenname: 'Pune' }], userID: 7 },
    ]);
    await stop(task);
  });

  it('/CommonMasterEntry: a type picker, then the entries of the chosen type', async () => {
    answer({
      getCommasterTypefordropdown: types,
      getCommonMaster: ({ typeid }) => (typeid === 4 ? [entry(1, { totalItems: 1 })] : []),
    });
    const { task } = renderApp('/CommonMasterEntry');
    expect(await screen.findByRole('option', { name: 'District' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is not available yet.')).not.toBeInTheDocument();
    expect(callsTo('getCommonMaster')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Master Type'), { target: { value: '4' } });
    expect(await screen.findByText('District 1')).toBeInTheDocument();
    expect(callsTo('getCommonMaster')).toEqual([{ typeid: 4, pageno: 1, userID: 7 }]);
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/CommonMaster/4');
    await stop(task);
  });
});
