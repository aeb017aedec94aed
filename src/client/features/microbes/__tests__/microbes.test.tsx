import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MICROBE_MSG } from '../../../../shared/resources';
import { IDENTIFICATION_MSG } from '../../../../shared/validation/microbe-identification';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, signIn, stop, type Handler } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { httpError } from '../../../test-support/fixtures';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const location = () => screen.getByTestId('location').textContent;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function renderApp(route: string) {
  signIn({ delete: true });
  return renderWithApp(<AppRoutes />, { route, bridge: false });
}

const TYPES = [
  { id: 31, shortname: 'ACT', value: 'Actinomycetes', microbeTypename: 'Actinomycetes' },
  { id: 32, shortname: 'BAC', value: 'Bacteria', microbeTypename: 'Bacteria' },
];
const LOOKUPS: Record<string, Handler> = {
  getCommonMastermicrobe: () => TYPES,
  getCommonMastermicrobeforGenus: (b) => (b.bactid === 32 ? [{ genus: 'Bacillus', shortname: 'Bacillus' }, { genus: 'Pseudomonas', shortname: 'Pseudomonas' }] : []),
  getCommonMasterforspecies: (b) =>
    b.genus === 'Bacillus'
      ? [{ id: 1, genus: 'Bacillus', species: 'cereus', shortname: 'cereus' }, { id: 2, genus: 'Bacillus', species: 'subtilis', shortname: 'subtilis' }]
      : [{ id: 3, genus: 'Pseudomonas', species: 'fluorescens', shortname: 'fluorescens' }],
  getMasterData: (b) => (String(b.message).length >= 3 ? [{ id: 5, shortname: 'GPOS', value: 'Gram Positive' }] : []),
};

describe('microbe master', () => {
  it('lists Sr. No., Microbe Type, Genus, Species and Action with edit and deactivate / reactivate', async () => {
    answer({
      getmicrobemasterhome: () => [
        { id: 4, srno: 1, typeid: 32, bactid: 32, microbeTypename: 'Bacteria', genus: 'Bacillus', species: 'subtilis', activestatus: 'Y', totalItems: 2 },
        { id: 5, srno: 2, typeid: 31, bactid: 31, microbeTypename: 'Actinomycetes', genus: 'Streptomyces', species: 'griseus', activestatus: 'N', totalItems: 2 },
      ],
      deletemicrobeStatus: () => ({ status: 'Success', message: 'Record Saved Successfully!' }),
    });
    const { task } = renderApp('/MicrobeMaster');
    expect(await screen.findByText('Streptomyces')).toBeInTheDocument();
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sr. No.', 'Microbe Type', 'Genus', 'Species', 'Action']);
    const first = screen.getByText('subtilis').closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Bacteria')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/MicrobeMasterEntry/4');
    fireEvent.click(within(first).getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('toast')).textContent).toContain('Record Saved Successfully!');
    expect(callsTo('deletemicrobeStatus')[0]).toMatchObject({ id: 4, activeStatus: 'N' });
    const second = screen.getByText('griseus').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    await stop(task);
  });

  it("entry form: the spec's messages in order, the microbe drop-down from the microbe types, save and back to the list", async () => {
    answer({ ...LOOKUPS, saveMicrobemaster: () => ({ status: 'Success', message: 'Record Saved Successfully!', id: 9 }), getmicrobemasterhome: () => [] });
    const { task } = renderApp('/MicrobeMasterEntry');
    await screen.findByRole('option', { name: 'Bacteria' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toasts = await screen.findAllByTestId('toast');
    // One toast per failed attempt (the first message in field order); every message stands under its field.
    expect(toasts.map((x) => x.textContent)).toEqual(['OOPS!Please Select Bacteria Type !']);
    expect(document.getElementById('microbe-genus-helper-text')?.textContent).toBe('Please Enter  Genus  !');
    expect(callsTo('saveMicrobemaster')).toEqual([]);

    fireEvent.change(field('Microbe'), { target: { value: '32' } });
    fireEvent.change(field('Genus'), { target: { value: ' Bacillus ' } });
    fireEvent.change(field('Species'), { target: { value: 'megaterium' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/MicrobeMaster'));
    expect(callsTo('saveMicrobemaster')).toEqual([expect.objectContaining({ typeid: 32, genus: 'Bacillus', species: 'megaterium' })]);
    await stop(task);
  });

  it('a duplicate shows its rescoremessage and stays; no microbe types says where to add them', async () => {
    answer({ getCommonMastermicrobe: () => [], saveMicrobemaster: () => ({ status: 'Failed', status1: 'Success1', rescoremessage: MICROBE_MSG.duplicate }) });
    const first = renderApp('/MicrobeMasterEntry');
    expect(await screen.findByText(MICROBE_MSG.noTypes)).toBeInTheDocument();
    await stop(first.task);
    first.unmount();

    answer({ ...LOOKUPS, saveMicrobemaster: () => ({ status: 'Failed', status1: 'Success1', rescoremessage: MICROBE_MSG.duplicate }) });
    const again = renderApp('/MicrobeMasterEntry');
    await screen.findAllByRole('option', { name: 'Bacteria' });
    fireEvent.change(field('Microbe'), { target: { value: '32' } });
    fireEvent.change(field('Genus'), { target: { value: 'Bacillus' } });
    fireEvent.change(field('Species'), { target: { value: 'subtilis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(`OOPS!${MICROBE_MSG.duplicate}`);
    expect(location()).toBe('/MicrobeMasterEntry');
    await stop(again.task);
  });
});

const EMPTY_RECORD = {
  isolateid: 8, isolatecode: 'ISO000045', samplenov: 'SC000123-1', sampleno: 'SC000123', id: null, bactid: null, typeid: null, microbeNmae: null,
  genus: null, species: null, percentageIdentification: null, queryCoverage: null, gramCharacter: null, biosafetyLevel: null, version: null,
};

describe('microbe identification', () => {
  it('shows the isolate code, the steps and Back, and checks every field in order', async () => {
    answer({
      ...LOOKUPS,
      getmicrobeidentificationByid: () => EMPTY_RECORD,
      savemicrobidentification: () => ({ statuss: 'Success', message: 'Record Saved Successfully!', id: 1, version: 1 }),
    });
    const { task } = renderApp('/MicrobeIdentification/3/SC000123-1/2');
    expect(await screen.findByDisplayValue('ISO000045')).toHaveAttribute('readonly');
    expect(callsTo('getmicrobeidentificationByid')).toEqual([{ samplenov: 'SC000123-1' }]);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/ActivityTransactionHome/2');
    expect(field('Percentage Identification')).toHaveAttribute('step', '0.1');
    expect(field('Query Coverage')).toHaveAttribute('step', '0.01');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const toasts = await screen.findAllByTestId('toast');
    // One toast per failed attempt (the first message in field order); the others stand under their fields.
    expect(toasts.map((x) => x.textContent)).toEqual([`OOPS!${IDENTIFICATION_MSG.microbe}`]);
    const shown = [...document.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map((e) => e.textContent);
    expect(shown).toEqual(expect.arrayContaining([IDENTIFICATION_MSG.genus, IDENTIFICATION_MSG.species, IDENTIFICATION_MSG.percentageRequired]));
    expect(callsTo('savemicrobidentification')).toEqual([]);
    await stop(task);
  });

  it('chains microbe -> genus -> species, searches the gram character from 3 characters and saves with version 0', async () => {
    answer({
      ...LOOKUPS,
      getmicrobeidentificationByid: () => EMPTY_RECORD,
      savemicrobidentification: () => ({ statuss: 'Success', message: 'Record Saved Successfully!', id: 1, version: 1 }),
    });
    const { task } = renderApp('/MicrobeIdentification/3/SC000123-1/2');
    await screen.findByDisplayValue('ISO000045');
    await screen.findAllByRole('option', { name: 'Bacteria' });
    fireEvent.change(field('Microbe'), { target: { value: '32' } });
    await screen.findByRole('option', { name: 'Bacillus' });
    expect(callsTo('getCommonMastermicrobeforGenus')).toEqual([{ bactid: 32 }]);
    fireEvent.change(field('Genus'), { target: { value: 'Bacillus' } });
    await screen.findByRole('option', { name: 'subtilis' });
    fireEvent.change(field('Species'), { target: { value: 'subtilis' } });
    fireEvent.change(field('Percentage Identification'), { target: { value: '98.75' } });
    fireEvent.change(field('Query Coverage'), { target: { value: '99.25' } });
    fireEvent.blur(field('Percentage Identification'));
    expect(await screen.findByText(IDENTIFICATION_MSG.percentage)).toBeInTheDocument();
    fireEvent.change(field('Percentage Identification'), { target: { value: '98.7' } });
    // changing the genus clears the species
    fireEvent.change(field('Genus'), { target: { value: 'Pseudomonas' } });
    expect(field('Species').value).toBe('');
    fireEvent.change(field('Genus'), { target: { value: 'Bacillus' } });
    await screen.findByRole('option', { name: 'subtilis' });
    fireEvent.change(field('Species'), { target: { value: 'subtilis' } });

    // gram character: an autocomplete searching from 3 characters
    fireEvent.change(field('Gram Character'), { target: { value: 'Gr' } });
    expect(callsTo('getMasterData')).toEqual([]);
    fireEvent.change(field('Gram Character'), { target: { value: 'Gram' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Gram Positive' }));
    expect(callsTo('getMasterData')[0]).toEqual({ value: 'Gram Character', message: 'Gram' });
    fireEvent.change(field('Biosafety Level'), { target: { value: 'BSL-2' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/ActivityTransactionHome/2'));
    expect(callsTo('savemicrobidentification')).toEqual([{
      samplenov: 'SC000123-1', bactid: 32, genus: 'Bacillus', species: 'subtilis', percentageIdentification: 98.7, queryCoverage: 99.25,
      gramCharacter: 'Gram Positive', biosafetyLevel: 'BSL-2', version: 0,
    }]);
    await stop(task);
  });

  it('opens a saved identification filled in; a stale save offers Reload', async () => {
    let version = 3;
    answer({
      ...LOOKUPS,
      getmicrobeidentificationByid: () => ({
        ...EMPTY_RECORD, id: 4, bactid: 32, typeid: 32, microbeNmae: 'Bacteria', genus: 'Bacillus', species: 'cereus',
        percentageIdentification: 97.5, queryCoverage: 88.25, gramCharacter: 'Gram Positive', biosafetyLevel: 'BSL-1', version,
      }),
      savemicrobidentification: () => {
        version = 4;
        throw httpError(409, { message: IDENTIFICATION_MSG.stale });
      },
    });
    const { task } = renderApp('/MicrobeIdentification/3/SC000123-1/1');
    await waitFor(() => expect(field('Genus').value).toBe('Bacillus'));
    expect(field('Microbe').value).toBe('32');
    expect(field('Species').value).toBe('cereus');
    expect(field('Percentage Identification').value).toBe('97.5');
    expect(field('Query Coverage').value).toBe('88.25');
    expect(field('Gram Character').value).toBe('Gram Positive');
    expect(field('Biosafety Level').value).toBe('BSL-1');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(IDENTIFICATION_MSG.stale)).toBeInTheDocument();
    expect(callsTo('savemicrobidentification')[0]).toMatchObject({ version: 3, genus: 'Bacillus', species: 'cereus' });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(IDENTIFICATION_MSG.stale)).not.toBeInTheDocument());
    expect(callsTo('getmicrobeidentificationByid')).toHaveLength(2);
    await stop(task);
  });

  it('from the menu: the isolates awaiting identification, ten a page with the page in the address, each opening its screen and Back returning to that page', async () => {
    // 12 isolates wait: page 1 has ten, page 2 two (newest first, as the server orders them).
    const ALL = Array.from({ length: 12 }, (_, i) => ({
      srno: i + 1, id: 100 - i, samplenov: `SC0${100 - i}-1`, isolatecode: `ISO0${100 - i}`, sampleno: `SC0${100 - i}`, sampletype: 'Rhizosphere',
      codedAt: '2026-11-20T09:05:00.000Z', totalItems: 12,
    }));
    answer({
      ...LOOKUPS,
      getIsolatesForIdentification: (b) => {
        const page = Number(b.pageno ?? 1);
        const rows = b.message ? ALL.filter((r) => r.isolatecode.includes(String(b.message))) : ALL;
        return rows.slice((page - 1) * 10, page * 10).map((r) => ({ ...r, totalItems: rows.length }));
      },
      getmicrobeidentificationByid: () => ({ ...EMPTY_RECORD, isolateid: 89, isolatecode: 'ISO089', samplenov: 'SC089-1', sampleno: 'SC089' }),
    });
    const { task } = renderApp('/MicrobeIdentification');
    expect(await screen.findByText('ISO0100')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Microbe Identification' })).toBeInTheDocument();
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      ['Sr. No.', 'Sample Code', 'Sample Code Version', 'Isolate Code', 'Sample Type', 'Coded On', 'Action']);
    expect(screen.getAllByRole('link', { name: /^Identify / })).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2 (12 records)')).toBeInTheDocument();
    expect(screen.getAllByText('20-Nov-2026 09:05 UTC')).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('ISO089')).toBeInTheDocument();
    expect(screen.getByTestId('location-search').textContent).toBe('?page=2');
    expect(callsTo('getIsolatesForIdentification').map((b) => b.pageno)).toEqual([1, 2]);
    const link = screen.getByRole('link', { name: 'Identify ISO089' });
    expect(link).toHaveAttribute('href', '/MicrobeIdentification/89/SC089-1/2?from=list');

    fireEvent.click(link);
    expect(await screen.findByDisplayValue('ISO089')).toBeInTheDocument();
    expect(callsTo('getmicrobeidentificationByid')).toEqual([{ samplenov: 'SC089-1' }]);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/MicrobeIdentification?page=2');
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByText('ISO089')).toBeInTheDocument();
    expect(location()).toBe('/MicrobeIdentification');

    // A search narrows the list; an empty one says what to type and asks nothing.
    const asked = callsTo('getIsolatesForIdentification').length;
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Please enter a sample code or an isolate code to search.');
    expect(callsTo('getIsolatesForIdentification')).toHaveLength(asked);
    fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: 'ISO095' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('ISO0100')).toBeNull());
    expect(screen.getByText('ISO095')).toBeInTheDocument();
    expect(screen.getByText('1 record', { exact: false })).toBeInTheDocument();
    await stop(task);
  });
});
