import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, signIn, stop } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const toasts = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent);

function renderApp() {
  signIn();
  return renderWithApp(<AppRoutes />, { route: '/Isolate', bridge: false });
}

const record = {
  id: 5, sampleinno: 'SI-2026-000005', sampleno: 'SC000005', otp: '482913', samplingdate: '2026-10-01', samplecollectdate: '2026-10-02',
  sampledby: 'R', resourceName: 'A', resourceID: 7, statesofIndia: 'Maharashtra', statesofIndiaId: 11, district: 'Pune', districtId: 21,
  gpslocation: 'G', source: 'S', agroclimaticzone: 'A', minimumrainfall: 1, maximumrainfall: 2, temperature: 'T', soiltype: 'Black Cotton', soilcolor: 'C',
  typedataof: 'I', active: 'Y', version: 1,
};
const preview = (over: Record<string, unknown> = {}) => ({
  id: 5, sampleno: 'SC000005', sampleinno: 'SI-2026-000005', samplenov: 'SC000005-1', organismtype: 'ISO000045', isolates: 0, sampleInward: record, ...over,
});

function fillMeasures(over: Partial<Record<'type' | 'ph' | 'ec' | 'tds', string>> = {}) {
  const v = { type: 'Rhizosphere', ph: '7.2', ec: '1.5', tds: '320', ...over };
  fireEvent.change(screen.getByRole('combobox', { name: /Sample Type/ }), { target: { value: v.type } });
  fireEvent.change(screen.getByLabelText(/^Soil pH/), { target: { value: v.ph } });
  fireEvent.change(screen.getByLabelText(/^Soil EC/), { target: { value: v.ec } });
  fireEvent.change(screen.getByLabelText(/^Soil TDS/), { target: { value: v.tds } });
}

describe('Isolate screen', () => {
  it("create mode: pick an OTP, see the next isolate code, save -> 'Sample Code Is :'", async () => {
    answer({
      getOtpForIsolated: () => [{ id: 5, otp: '482913', sampleno: 'SC000005', sampleinno: 'SI-2026-000005' }],
      getoverwrightotp: () => preview(),
      saveisolatecodereplacetootp: () => ({ statuss: 'Success', message: 'SC000005-1', samplenov: 'SC000005-1', isolatecode: 'ISO000045' }),
    });
    const { task } = renderApp();
    expect(await screen.findByLabelText('Create Isolate Code')).toBeChecked();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/ActivityTransactionHome');
    const otp = await screen.findByLabelText('OTP');
    await screen.findByRole('option', { name: '482913' });

    // the save messages in the order of the spec
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toasts()).toEqual(['OOPS!Please Select Sample Type!']);
    fireEvent.change(screen.getByRole('combobox', { name: /Sample Type/ }), { target: { value: 'Rhizosphere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await toasts()).toContain('OOPS!Please Select Soil TDS!'));
    fireEvent.change(screen.getByLabelText(/^Soil TDS/), { target: { value: '320' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await toasts()).toContain('OOPS!Please Select Soil pH!'));
    fireEvent.change(screen.getByLabelText(/^Soil pH/), { target: { value: '7.2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await toasts()).toContain('OOPS!Please Select Soil EC!'));
    fireEvent.change(screen.getByLabelText(/^Soil EC/), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await toasts()).toContain('OOPS!Please select the OTP of the sample.'));
    expect(callsTo('saveisolatecodereplacetootp')).toEqual([]);

    fireEvent.change(otp, { target: { value: '482913' } });
    await waitFor(() => expect(screen.getByLabelText('Next Isolate Code')).toHaveValue('ISO000045'));
    expect(callsTo('getoverwrightotp')).toEqual([{ otp: '482913', userID: 7 }]);
    expect(screen.getByLabelText('Sample Code Version')).toHaveValue('SC000005-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sample Code Is :')).toBeInTheDocument();
    expect(within(dialog).getByTestId('dialog-message')).toHaveTextContent('SC000005-1');
    expect(callsTo('saveisolatecodereplacetootp')).toEqual([
      { otp: '482913', sampletype: 'Rhizosphere', soilph: 7.2, soilec: 1.5, soiltds: 320, organismtype: 'ISO000045', userID: 7 },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo('getOtpForIsolated')).toHaveLength(2));
    expect(screen.getByLabelText('Next Isolate Code')).toHaveValue('');
    await stop(task);
  });

  it("other mode: 'Please Enter Sample Code'; 'Please Check Next Isolate Code!' before a search; Success1 shows rescoremessage", async () => {
    let saveAnswer: unknown = { statuss: 'Success1', rescoremessage: 'There is no active sample with this Sample Code.' };
    answer({
      getOtpForIsolated: () => [],
      getfindisolate: () => preview({ samplenov: 'SC000005-2', organismtype: 'ISO000046', isolates: 1 }),
      saveisolatecode: () => saveAnswer,
    });
    const { task } = renderApp();
    fireEvent.click(await screen.findByLabelText('Create Isolate Code'));
    expect(screen.queryByLabelText('OTP')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search Sample Code' }));
    expect(await toasts()).toContain('OOPS!Please Enter Sample Code');
    expect(callsTo('getfindisolate')).toEqual([]);

    fillMeasures();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await toasts()).toContain('OOPS!Please Check Next Isolate Code!'));

    fireEvent.change(screen.getByLabelText('Sample Code'), { target: { value: 'SC000005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search Sample Code' }));
    await waitFor(() => expect(screen.getByLabelText('Next Isolate Code')).toHaveValue('ISO000046'));
    expect(callsTo('getfindisolate')).toEqual([{ sampleno: 'SC000005', userID: 7 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await toasts()).toContain('OOPS!There is no active sample with this Sample Code.'));
    expect(callsTo('saveisolatecode')[0]).toMatchObject({ sampleno: 'SC000005', sampletype: 'Rhizosphere', soilph: 7.2 });

    saveAnswer = { statuss: 'Success', message: 'SC000005-2', samplenov: 'SC000005-2', isolatecode: 'ISO000046' };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await screen.findByRole('dialog')).getByTestId('dialog-message')).toHaveTextContent('SC000005-2');
    await stop(task);
  });

  it("Sample Type offers the entries of the 'Sample Type' master from 4 characters, and the chosen one is saved", async () => {
    answer({
      getOtpForIsolated: () => [{ id: 5, otp: '482913', sampleno: 'SC000005', sampleinno: 'SI-2026-000005' }],
      getoverwrightotp: () => preview(),
      getMasterData: ({ value, message }) => (value === 'Sample Type' && String(message).length >= 3
        ? [{ id: 61, shortname: 'RHZ', value: 'Rhizosphere soil' }, { id: 62, shortname: 'RHP', value: 'Rhizoplane' }]
        : []),
      saveisolatecodereplacetootp: () => ({ statuss: 'Success', message: 'SC000005-1', samplenov: 'SC000005-1', isolatecode: 'ISO000045' }),
    });
    const { task } = renderApp();
    await screen.findByRole('option', { name: '482913' });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '482913' } });
    await waitFor(() => expect(screen.getByLabelText('Next Isolate Code')).toHaveValue('ISO000045'));
    const type = screen.getByRole('combobox', { name: /Sample Type/ });
    fireEvent.change(type, { target: { value: 'Rhi' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(callsTo('getMasterData')).toEqual([]);
    fireEvent.change(type, { target: { value: 'Rhiz' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Rhizosphere soil' }));
    expect(callsTo('getMasterData')[0]).toEqual({ value: 'Sample Type', message: 'Rhiz' });
    expect(type).toHaveValue('Rhizosphere soil');
    fillMeasures({ type: 'Rhizosphere soil' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog');
    expect(callsTo('saveisolatecodereplacetootp')[0]).toMatchObject({ sampletype: 'Rhizosphere soil' });
    await stop(task);
  });
});
