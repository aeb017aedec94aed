import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { loginResponse } from '../../../test-support/fixtures';
import { saveSession } from '../../../lib/storage';
import { localToday } from '../../../../shared/validation/sample-inward';
import { changeDate, dateInput, shownDay } from '../../../test-support/date';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;
const toasts = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent);

function renderApp(route: string, flags: Record<string, boolean> = {}) {
  saveSession(loginResponse({ edit: true, delete: true, add: true, ...flags }));
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}

const daysFromToday = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return localToday(d);
};

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id, srno: id, samplingdate: '2026-10-0' + (id % 9 || 1), samplecollectdate: '2026-10-10', sampledby: `Sampler ${id}`, resourceName: 'Asha',
  sampleinno: `SI-2026-00000${id}`, sampleno: `SC00000${id}`, statesofIndia: 'Maharashtra', district: 'Pune', typedataof: 'I', active: 'Y', totalItems: 3, ...over,
});

describe('SampleInwardHome', () => {
  it('lists samples; edit and delete only for active inward rows; empty search refused; delete message', async () => {
    answer({
      getsamphome: () => [row(1), row(2, { active: 'N' }), row(3, { typedataof: 'X' })],
      getSearchForsampleinward: () => [row(1, { totalItems: 1 })],
      changesampleinStatus: () => ({ status: 'Success', message: 'Sample Deleted Successfully!' }),
    });
    const { task } = renderApp('/SampleInwardHome');
    expect(await screen.findByText('Sampler 3')).toBeInTheDocument();
    const table = screen.getByRole('grid', { name: 'Sample inward' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sr. No.', 'Sampling Date', 'Sampled By', 'Sample Inwarded No', 'Sample Code', 'Action',
    ]);
    expect(callsTo('getsamphome')).toEqual([{ pageno: 1, userID: 7 }]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/sampleInverd/1');
    // The sampling date as people read dates everywhere (dd-MMM-yyyy), not the stored 2026-10-01.
    expect(within(rows[0]).getAllByRole('gridcell')[1].textContent).toBe('01-Oct-2026');
    expect(within(rows[0]).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    for (const r of [rows[1], rows[2]]) {
      expect(within(r).queryByRole('link', { name: 'Edit' })).toBeNull();
      expect(within(r).queryByRole('button', { name: 'Delete' })).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'Add' })).toHaveAttribute('href', '/sampleInverd');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/BlankHomePage');

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await toasts()).toContain('OOPS!Please Enter Some Text To Search!');
    expect(callsTo('getSearchForsampleinward')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: 'SC000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Sampler 3')).not.toBeInTheDocument());
    expect(callsTo('getSearchForsampleinward')).toEqual([{ searchText: 'SC000001', pageno: 1, userID: 7, countUpTo: 200 }]);
    expect(screen.getByTestId('list-total').textContent).toBe('Page 1 of 1 (1 record)');

    // Delete asks first, and needs a reason; Cancel sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete sample SC000001?' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('changesampleinStatus')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete sample SC000001?' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason for deleting/), { target: { value: '  Registered twice by mistake.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('changesampleinStatus')).toEqual([{ id: 1, active: 'N', reason: 'Registered twice by mistake.', userID: 7 }]));
    expect(await toasts()).toContain(' Delete MessageSample Deleted Successfully!');
    await waitFor(() => expect(callsTo('getSearchForsampleinward')).toHaveLength(2));
    await stop(task);
  });

  it('a deleted row says who deleted it, when and why; a Top Role user restores it with a reason', async () => {
    const statusChange = { by: 'Asha Verma', at: '2026-11-20T10:05:00.000Z', reason: 'Registered twice by mistake.' };
    answer({
      getsamphome: () => [row(1), row(2, { active: 'N', statusChange })],
      changesampleinStatus: () => ({ status: 'Success', message: 'Sample Restored Successfully!' }),
    });
    const { task } = renderApp('/SampleInwardHome', { delete: true, toprole: true });
    expect(await screen.findByTestId('deleted-mark')).toHaveTextContent('Deleted by Asha Verma on 20-Nov-2026 10:05 UTC: Registered twice by mistake.');
    fireEvent.click(screen.getByRole('button', { name: 'Restore SC000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore sample SC000002?' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason for restoring/), { target: { value: 'Deleted in error.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(callsTo('changesampleinStatus')).toEqual([{ id: 2, active: 'Y', reason: 'Deleted in error.', userID: 7 }]));
    await stop(task);
  });

  it('no Restore without the Top Role', async () => {
    answer({ getsamphome: () => [row(2, { active: 'N' })] });
    const { task } = renderApp('/SampleInwardHome', { delete: true, toprole: false });
    expect(await screen.findByTestId('deleted-mark')).toHaveTextContent('Deleted');
    expect(screen.queryByRole('button', { name: 'Restore SC000002' })).toBeNull();
    await stop(task);
  });

  it('a search above the cap shows "200+" while the exact total is asked in the background, then the exact number, on the same rows', async () => {
    // The exact total (the same page without countUpTo) answers when the test says so.
    let answerExact: (rows: unknown[]) => void = () => undefined;
    const page = (over: Record<string, unknown>) => Array.from({ length: 10 }, (_, i) => row(i + 1, over));
    answer({
      getsamphome: () => [row(1)],
      getSearchForsampleinward: (b) => (b.countUpTo === undefined
        ? new Promise((resolve) => { answerExact = resolve; })
        : page({ totalItems: 201, totalIsLowerBound: true })),
    });
    const { task } = renderApp('/SampleInwardHome?q=Maharashtra');
    const footer = await screen.findByTestId('list-total');
    await waitFor(() => expect(footer.textContent).toBe('Page 1 of 21+ (200+ records) (counting all matches…)'));
    await waitFor(() => expect(callsTo('getSearchForsampleinward')).toEqual([
      { searchText: 'Maharashtra', pageno: 1, userID: 7, countUpTo: 200 },
      { searchText: 'Maharashtra', pageno: 1, userID: 7 },
    ]));
    const table = screen.getByRole('grid', { name: 'Sample inward' });
    const shown = () => within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    const before = shown();
    // The exact answer's own rows differ: only its total is taken, the rows on screen stay the page's.
    act(() => answerExact(page({ totalItems: 61_234, sampledby: 'Someone else' })));
    await waitFor(() => expect(footer.textContent).toBe('Page 1 of 6124 (61,234 records)'));
    expect(shown()).toEqual(before);
    expect(screen.getAllByText('Sampler 1').length).toBeGreaterThan(0);
    await stop(task);
  });

  it('a newer search drops the interest in the older exact total; a search under the cap asks nothing more', async () => {
    const exact: Record<string, (rows: unknown[]) => void> = {};
    answer({
      getsamphome: () => [row(1)],
      getSearchForsampleinward: (b) => {
        const text = String(b.searchText);
        if (text === 'Goa') return [row(1, { totalItems: 1, totalIsLowerBound: false })];
        return b.countUpTo === undefined
          ? new Promise((resolve) => { exact[text] = resolve; })
          : Array.from({ length: 10 }, (_, i) => row(i + 1, { totalItems: 201, totalIsLowerBound: true, sampledby: `${text} ${i}` }));
      },
    });
    const { task } = renderApp('/SampleInwardHome?q=Maharashtra');
    const footer = await screen.findByTestId('list-total');
    await waitFor(() => expect(exact.Maharashtra).toBeDefined());
    const search = (text: string) => {
      fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    };
    search('Karnataka');
    await waitFor(() => expect(exact.Karnataka).toBeDefined());
    expect(screen.getByText('Karnataka 0')).toBeInTheDocument();
    // The older search's exact total arrives late: it is not Karnataka's, which is still being counted.
    act(() => exact.Maharashtra([row(1, { totalItems: 99_999 })]));
    await new Promise((r) => setTimeout(r, 50));
    expect(footer.textContent).toBe('Page 1 of 21+ (200+ records) (counting all matches…)');
    act(() => exact.Karnataka([row(1, { totalItems: 4_321 })]));
    await waitFor(() => expect(footer.textContent).toBe('Page 1 of 433 (4,321 records)'));
    search('Goa');
    await waitFor(() => expect(footer.textContent).toBe('Page 1 of 1 (1 record)'));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo('getSearchForsampleinward').map((b) => [b.searchText, b.countUpTo])).toEqual([
      ['Maharashtra', 200], ['Maharashtra', undefined], ['Karnataka', 200], ['Karnataka', undefined], ['Goa', 200],
    ]);
    await stop(task);
  });

  it('no edit or delete without the role flags', async () => {
    answer({ getsamphome: () => [row(1)] });
    const { task } = renderApp('/SampleInwardHome', { edit: false, delete: false, add: false });
    expect(await screen.findByText('Sampler 1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add' })).toBeNull();
    await stop(task);
  });
});

describe('sample inward form', () => {
  async function choose(label: RegExp, typed: string, option: string) {
    const input = screen.getByRole('combobox', { name: label });
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.click(await screen.findByRole('option', { name: option }));
  }

  it('date rules warn with the exact texts and clear the value', async () => {
    answer({});
    const { task } = renderApp('/sampleInverd');
    await screen.findByText(/^Sampling Date/, { selector: 'label' });
    const sampling = dateInput(/^Sampling Date/);
    changeDate(/^Sampling Date/, daysFromToday(2));
    expect(await toasts()).toContain('OOPS!Please Select Less Than Current Date !');
    await waitFor(() => expect(sampling).toHaveValue(''));

    changeDate(/^Sampling Date/, daysFromToday(-3));
    expect(sampling).toHaveValue(shownDay(daysFromToday(-3)));
    const inward = dateInput(/^Sample Inwarded Date/);
    expect(inward).toHaveValue(shownDay(localToday()));
    changeDate(/^Sample Inwarded Date/, daysFromToday(-5));
    await waitFor(async () => expect(await toasts()).toContain('OOPS!Please Select Less Than Current Date Or Greter Than Sampling Date!'));
    await waitFor(() => expect(inward).toHaveValue(''));
    changeDate(/^Sample Inwarded Date/, daysFromToday(1));
    await waitFor(() => expect(inward).toHaveValue(''));
    changeDate(/^Sample Inwarded Date/, daysFromToday(-1));
    expect(inward).toHaveValue(shownDay(daysFromToday(-1)));
    await stop(task);
  });

  it("mandatory fields: 'Please fill all mandatory fields!' and each message under its field, no call", async () => {
    answer({});
    const { task } = renderApp('/sampleInverd');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await toasts()).toEqual(['OOPS!Please fill all mandatory fields!']);
    for (const m of ['Sampling Date is required.', 'Sampled By is required.', 'States of India is required.', 'District is required.', 'GPS Location is required.',
      'Source is required.', 'Agro Climatic Zone is required.', 'Minimum Rainfall is required.', 'Maximum Rainfall is required.', 'Temperature is required.',
      'Soil Type is required.', 'Soil Color is required.']) {
      expect(screen.getByText(m)).toBeInTheDocument();
    }
    // the inwarded date defaults to today and the inwarded by to the signed-in user
    expect(screen.queryByText('Sample Inwarded Date is required.')).toBeNull();
    expect(screen.queryByText('Sample Inwarded By is required.')).toBeNull();
    expect(callsTo('savesampleinverd')).toEqual([]);
    await stop(task);
  });

  it('autocompletes from 3 characters, District of the chosen State, Agro Climatic Zone from its master; save shows the OTP dialog, then the list', async () => {
    const masters: Record<string, Array<{ id: number; shortname: string; value: string }>> = {
      'States of India': [{ id: 11, shortname: 'MH', value: 'Maharashtra' }, { id: 12, shortname: 'MP', value: 'Madhya Pradesh' }],
      'Agro Climatic Zone': [{ id: 40, shortname: 'WPH', value: 'Western Plateau and Hills' }],
      'Soil Type': [{ id: 30, shortname: 'BLK', value: 'Black Cotton' }],
    };
    answer({
      getMasterData: ({ value }) => masters[String(value)] ?? [],
      getDependancyData: () => [{ id: 21, shortname: 'PUNE', value: 'Pune' }],
      savesampleinverd: () => ({ status: 'Success', message: '482913', id: 5, sampleinno: 'SI-2026-000005', sampleno: 'SC000005' }),
      getsamphome: () => [],
    });
    const { task } = renderApp('/sampleInverd');
    expect(await screen.findByRole('combobox', { name: /District/ })).toBeDisabled();
    fireEvent.change(screen.getByRole('combobox', { name: /States of India/ }), { target: { value: 'Ma' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(callsTo('getMasterData')).toEqual([]);
    await choose(/States of India/, 'Mah', 'Maharashtra');
    expect(callsTo('getMasterData')).toEqual([{ value: 'States of India', message: 'Mah' }]);
    await choose(/District/, 'Pun', 'Pune');
    expect(callsTo('getDependancyData')).toEqual([{ shortname: 'MH', message: 'Pun' }]);
    await choose(/Soil Type/, 'Bla', 'Black Cotton');
    await choose(/Agro Climatic Zone/, 'West', 'Western Plateau and Hills');
    expect(callsTo('getMasterData')).toContainEqual({ value: 'Agro Climatic Zone', message: 'West' });

    changeDate(/^Sampling Date/, daysFromToday(-2));
    const fill: Array<[RegExp, string]> = [
      [/^Sampled By/, 'R. Kulkarni'], [/^GPS Location/, '18.52 N'], [/^Source/, 'Farm'], [/^Temperature/, '28'],
      [/^Minimum Rainfall/, '600'], [/^Maximum Rainfall/, '750'], [/^Soil Color/, 'Brown'],
    ];
    for (const [label, value] of fill) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sample Inward OTP Is :')).toBeInTheDocument();
    expect(within(dialog).getByTestId('dialog-message')).toHaveTextContent('482913');
    expect(callsTo('savesampleinverd')).toEqual([
      expect.objectContaining({
        samplingdate: daysFromToday(-2), samplecollectdate: localToday(), sampledby: 'R. Kulkarni', resourceName: 'Asha Verma', resourceID: 7,
        statesofIndia: 'Maharashtra', statesofIndiaId: 11, district: 'Pune', districtId: 21, agroclimaticzone: 'Western Plateau and Hills', soiltype: 'Black Cotton', minimumrainfall: 600, maximumrainfall: 750, userID: 7,
      }),
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/SampleInwardHome'));
    await stop(task);
  });

  it('District lists only the districts of the chosen State and is cleared when the State changes', async () => {
    const districts: Record<string, Array<{ id: number; shortname: string; value: string }>> = {
      MH: [{ id: 21, shortname: 'PUNE', value: 'Pune' }],
      KA: [{ id: 22, shortname: 'MYS', value: 'Mysuru' }],
    };
    answer({
      menuofUserforjosn: () => [{ mainmenulabel: 'Laboratory', mainmenulink: '', lstsubmenu: [{ submenulabel: 'Sample Inward', submenulink: 'SampleInwardHome', lstchildmenu: [] }] }],
      getMasterData: () => [{ id: 11, shortname: 'MH', value: 'Maharashtra' }, { id: 12, shortname: 'KA', value: 'Karnataka' }],
      getDependancyData: ({ shortname }) => districts[String(shortname)] ?? [],
    });
    const { task } = renderApp('/sampleInverd');
    expect(await screen.findByRole('combobox', { name: /District/ })).toBeDisabled();
    await choose(/States of India/, 'Mah', 'Maharashtra');
    await choose(/District/, 'Pun', 'Pune');
    expect(screen.getByRole('combobox', { name: /District/ })).toHaveValue('Pune');
    await choose(/States of India/, 'Kar', 'Karnataka');
    // the district of the other state is gone; the next lookup names the new state and lists only its districts
    await waitFor(() => expect(screen.getByRole('combobox', { name: /District/ })).toHaveValue(''));
    fireEvent.change(screen.getByRole('combobox', { name: /District/ }), { target: { value: 'Mys' } });
    expect(await screen.findByRole('option', { name: 'Mysuru' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Pune' })).toBeNull();
    expect(callsTo('getDependancyData')).toEqual([{ shortname: 'MH', message: 'Pun' }, { shortname: 'KA', message: 'Mys' }]);
    await stop(task);
  });

  it('edit: the District lookup names the loaded State', async () => {
    answer({
      menuofUserforjosn: () => [{ mainmenulabel: 'Laboratory', mainmenulink: '', lstsubmenu: [{ submenulabel: 'Sample Inward', submenulink: 'SampleInwardHome', lstchildmenu: [] }] }],
      getDependancyData: ({ shortname }) => (shortname === 'Maharashtra' ? [{ id: 23, shortname: 'NSK', value: 'Nashik' }] : []),
      getsapleivertById: () => ({
        id: 4, sampleinno: 'SI-2026-000004', sampleno: 'SC000004', otp: '111222', samplingdate: '2026-10-01', samplecollectdate: '2026-10-02',
        sampledby: 'Old', resourceName: 'Asha', resourceID: 7, statesofIndia: 'Maharashtra', statesofIndiaId: 11, district: 'Pune', districtId: 21,
        gpslocation: 'G', source: 'S', agroclimaticzone: 'A', minimumrainfall: 1, maximumrainfall: 2, temperature: 'T', soiltype: 'Black', soilcolor: 'C',
        typedataof: 'I', active: 'Y', version: 3,
      }),
    });
    const { task } = renderApp('/sampleInverd/4');
    expect(await screen.findByDisplayValue('SC000004')).toBeInTheDocument();
    await choose(/District/, 'Nas', 'Nashik');
    expect(callsTo('getDependancyData')).toEqual([{ shortname: 'Maharashtra', message: 'Nas' }]);
    await stop(task);
  });

  it("edit: loads the record; Success1 opens 'Save Message'; anything else 'Save Failed!'", async () => {
    const record = {
      id: 4, sampleinno: 'SI-2026-000004', sampleno: 'SC000004', otp: '111222', samplingdate: '2026-10-01', samplecollectdate: '2026-10-02',
      sampledby: 'Old', resourceName: 'Asha', resourceID: 7, statesofIndia: 'Maharashtra', statesofIndiaId: 11, district: 'Pune', districtId: 21,
      gpslocation: 'G', source: 'S', agroclimaticzone: 'A', minimumrainfall: 1, maximumrainfall: 2, temperature: 'T', soiltype: 'Black', soilcolor: 'C',
      typedataof: 'I', active: 'Y', version: 3,
    };
    let answerWith: unknown = { status: 'Success1', message: 'This sample is no longer active; it cannot be changed.' };
    answer({
      getsapleivertById: () => record,
      savesampleinverd: () => {
        if (answerWith instanceof Error) throw answerWith;
        return answerWith;
      },
    });
    const { task } = renderApp('/sampleInverd/4');
    expect(await screen.findByDisplayValue('SC000004')).toBeInTheDocument();
    expect(screen.getByLabelText('Sample Inwarded No')).toHaveValue('SI-2026-000004');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Save Message')).toBeInTheDocument();
    expect(within(dialog).getByTestId('dialog-message')).toHaveTextContent('This sample is no longer active; it cannot be changed.');
    expect(callsTo('savesampleinverd')[0]).toMatchObject({ id: 4, version: 3, sampledby: 'Old', statesofIndiaId: 11 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/sampleInverd/4');

    answerWith = {};
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toasts()).toContain('OOPS!Save Failed!');
    await stop(task);
  });

  const lockedRecord = {
    id: 4, sampleinno: 'SI-2026-000004', sampleno: 'SC000004', otp: '111222', samplingdate: '2026-10-01', samplecollectdate: '2026-10-02',
    sampledby: 'Old', resourceName: 'Asha', resourceID: 7, statesofIndia: 'Maharashtra', statesofIndiaId: 11, district: 'Pune', districtId: 21,
    gpslocation: 'G', source: 'S', agroclimaticzone: 'A', minimumrainfall: 1, maximumrainfall: 2, temperature: 'T', soiltype: 'Black', soilcolor: 'C',
    typedataof: 'I', active: 'Y', version: 3, amendmentRequired: true, canEdit: true, createdBy: 'Asha Verma',
    amendments: [{ by: 'Asha Verma', username: 'asha', at: '2026-11-21T08:15:00.000Z', reason: 'GPS read from the wrong field sheet.' }],
  };

  it('under submitted or approved results a save is an amendment: the reason is asked, sent, and the amendments are listed', async () => {
    answer({
      getsapleivertById: () => lockedRecord,
      savesampleinverd: () => ({ status: 'Success', message: '111222' }),
    });
    const { task } = renderApp('/sampleInverd/4');
    expect(await screen.findByTestId('amendment-notice')).toHaveTextContent('a change is saved as an amendment');
    expect(screen.getByRole('region', { name: 'Amended' })).toHaveTextContent('Asha Verma (asha), 21-Nov-2026 08:15 UTC: GPS read from the wrong field sheet.');
    fireEvent.change(screen.getByLabelText(/^Source/), { target: { value: 'Orchard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: 'Amend a record that results rest on' });
    // Cancel: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('savesampleinverd')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Amend a record that results rest on' });
    expect(within(dialog).getByRole('button', { name: 'Save amendment' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/^Reason for the amendment/), { target: { value: 'Source was mistyped.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));
    await waitFor(() => expect(callsTo('savesampleinverd')).toHaveLength(1));
    expect(callsTo('savesampleinverd')[0]).toMatchObject({ id: 4, version: 3, source: 'Orchard', amendmentReason: 'Source was mistyped.' });
    await stop(task);
  });

  it('results that appeared after the screen opened: the refusal asks for the reason and the save goes again', async () => {
    answer({
      getsapleivertById: () => ({ ...lockedRecord, amendmentRequired: false, amendments: [] }),
      savesampleinverd: (b) => {
        if (!b.amendmentReason) {
          throw Object.assign(new Error('400'), { isAxiosError: true, response: { status: 400, data: { message: 'Please give the reason for the amendment.', field: 'amendmentReason', amendmentRequired: true } } });
        }
        return { status: 'Success', message: '111222' };
      },
    });
    const { task } = renderApp('/sampleInverd/4');
    expect(await screen.findByDisplayValue('SC000004')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amend a record that results rest on' });
    fireEvent.change(within(dialog).getByLabelText(/^Reason for the amendment/), { target: { value: 'Late correction.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save amendment' }));
    await waitFor(() => expect(callsTo('savesampleinverd')).toHaveLength(2));
    expect(callsTo('savesampleinverd')[1]).toMatchObject({ amendmentReason: 'Late correction.' });
    await stop(task);
  });

  it("someone else's sample: the notice names its owner and Save is disabled", async () => {
    answer({ getsapleivertById: () => ({ ...lockedRecord, canEdit: false, createdBy: 'Ravi Kumar' }) });
    const { task } = renderApp('/sampleInverd/4');
    expect(await screen.findByTestId('not-owner-notice')).toHaveTextContent('This sample inward record was recorded by Ravi Kumar: only they or a Top Role user may change it.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await stop(task);
  });
});
