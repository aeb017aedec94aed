import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';
import type { SearchAnswer, SearchParameterSet, SearchResultItem } from '../../../../shared/contract/search-endpoints';
import { columnTexts } from '../../../test-support/table';

jest.mock('../../../lib/http', () => ({ post: jest.fn(), http: { post: jest.fn() } }));

// Whole-screen role queries over the DataGrid's full DOM take minutes on a loaded 2-core CI machine (one test took
// 139 s alone): these screens get more than the client default of 180 s.
jest.setTimeout(420_000);

afterEach(() => jest.clearAllMocks());

const SETS: SearchParameterSet[] = [
  {
    key: 'sample', label: 'SAMPLE INWARD', level: 'Sample', parameters: [
      { key: 'sample:source', parameterName: 'Source', type: 'text', commonmastertype: null, options: null, sequence: 4 },
      { key: 'sample:minrain', parameterName: 'Minimum Rainfall', type: 'number', commonmastertype: null, options: null, sequence: 8 },
    ],
  },
  { key: 'microbe', label: 'MICROBE IDENTIFICATION', level: 'Identification', parameters: [
    { key: 'microbe:genus', parameterName: 'Genus', type: 'text', commonmastertype: null, options: null, sequence: 2 },
  ] },
  { key: 'activity:3', label: 'Functional Traits', level: 'Level 1', parameters: [
    { key: 'param:9', parameterName: 'Nitrogen Fixation', type: 'Dropdown', commonmastertype: null, options: ['Positive', 'Negative'], sequence: 1 },
  ] },
];

const item = (srno: number, samplenov: string, rain: number | null, genus: string | null): SearchResultItem => ({
  srno, samplenov, isolatecode: `ISO${srno}`, pncode: '', activityList: [], lvl2activityList: [],
  parameterList: [
    { parameterName: 'Minimum Rainfall', input: rain === null ? null : String(rain), updatedinputnum: rain },
    { parameterName: 'Genus', input: genus, updatedinputnum: null },
  ],
});

const RESULTS: SearchAnswer = {
  parameterList: ['Minimum Rainfall', 'Genus'], totalItems: 3,
  results: [item(1, 'SC-0002-1', 100, 'Bacillus'), item(2, 'SC-0010-1', 9, null), item(3, 'SC-0001-1', 10, 'azotobacter')],
};

const render = () => {
  saveSession(loginResponse());
  return renderWithApp(<AppRoutes />, { route: '/SearchMicrobe', bridge: false });
};

test('ticking parameters adds filter rows; a number row shows its condition; Search sends the model and shows the results', async () => {
  answer({
    getSearchParameterSets: () => SETS,
    getSearchAllForMicrobeHome: () => [],
    searchData: () => RESULTS,
  });
  const { task } = render();
  expect(await screen.findByRole('heading', { name: 'Search Your Microbe Today!' })).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Minimum Rainfall' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Source' }));
  const rain = screen.getByRole('group', { name: 'Filter Minimum Rainfall' });
  // between (the default) takes two numbers; greater than and less than one; the row says what it matches
  expect(within(rain).getByText('Enter both numbers.')).toBeInTheDocument();
  fireEvent.change(within(rain).getByLabelText('Minimum Rainfall from'), { target: { value: '550' } });
  fireEvent.change(within(rain).getByLabelText('Minimum Rainfall to'), { target: { value: '700' } });
  expect(within(rain).getByText('Matches Minimum Rainfall between 550 and 700')).toBeInTheDocument();
  fireEvent.change(within(rain).getByLabelText('Minimum Rainfall comparator'), { target: { value: '>' } });
  expect(within(rain).queryByLabelText('Minimum Rainfall to')).toBeNull();
  expect(within(rain).getByText('Matches Minimum Rainfall > 550')).toBeInTheDocument();
  fireEvent.change(within(rain).getByLabelText('Minimum Rainfall value'), { target: { value: '' } });
  expect(within(rain).getByText('Enter a number.')).toBeInTheDocument();
  fireEvent.change(within(rain).getByLabelText('Minimum Rainfall value'), { target: { value: '800' } });
  expect(within(rain).getByText('Matches Minimum Rainfall > 800')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('textbox', { name: 'Source' }), { target: { value: "field'; --" } });

  // The delete icon removes a row; ticking again brings it back.
  fireEvent.click(screen.getByRole('button', { name: 'Remove Source' }));
  expect(screen.queryByRole('group', { name: 'Filter Source' })).toBeNull();
  expect(screen.getByRole('checkbox', { name: 'Source' })).not.toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Source' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Source' }), { target: { value: 'field' } });

  // Rows stay when another activity is chosen; its parameters show as checkboxes.
  fireEvent.change(screen.getByLabelText('Activity'), { target: { value: 'activity:3' } });
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Nitrogen Fixation' }));
  fireEvent.change(within(screen.getByRole('group', { name: 'Filter Nitrogen Fixation' })).getByLabelText('Nitrogen Fixation'), { target: { value: 'Positive' } });
  expect(screen.getByRole('group', { name: 'Filter Minimum Rainfall' })).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  const table = await screen.findByRole('grid', { name: 'Search results' });
  expect(callsTo('searchData')[0]).toMatchObject({
    pageno: 1, pageSize: 10, userID: 7,
    parameterList: ['Minimum Rainfall', 'Source', 'Nitrogen Fixation'],
    inputList: [
      // the legacy text 'num1 comparator num2', the one number twice
      { key: 'sample:minrain', parameterName: 'Minimum Rainfall', type: 'number', inputValuenum1: '800', dropValue1: '>', inputValuenum2: '800', condition: '800 > 800', inputValue: '800 > 800' },
      { key: 'sample:source', parameterName: 'Source', type: 'text', inputValue: 'field' },
      { key: 'param:9', parameterName: 'Nitrogen Fixation', type: 'Dropdown', inputValue: 'Positive' },
    ],
  });

  // Columns: Sr. No., Sample No.-V, one per parameter of the first result, Action; N/A for a missing value.
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sr. No.', 'Sample No.-V', 'Minimum Rainfall', 'Genus', 'Action']);
  expect(columnTexts(table, 3)).toEqual(['Bacillus', 'N/A', 'azotobacter']);

  // Numbers sort as numbers (9 < 10 < 100), toggling direction; text sorts as text; N/A stays last.
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Minimum Rainfall' }));
  expect(columnTexts(table, 2)).toEqual(['9', '10', '100']);
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Minimum Rainfall' }));
  expect(columnTexts(table, 2)).toEqual(['100', '10', '9']);
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Sample No.-V' }));
  expect(columnTexts(table, 1)).toEqual(['SC-0001-1', 'SC-0002-1', 'SC-0010-1']);
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Genus' }));
  expect(columnTexts(table, 3)).toEqual(['azotobacter', 'Bacillus', 'N/A']);
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Genus' }));
  expect(columnTexts(table, 3)).toEqual(['Bacillus', 'azotobacter', 'N/A']);
  await stop(task);
});

test("an incomplete row gives 'Please Check All fields Again!' (Oops) and no call; no match shows the no-data phrase", async () => {
  answer({
    getSearchParameterSets: () => SETS,
    getSearchAllForMicrobeHome: () => [],
    searchData: () => ({ parameterList: [], results: [], totalItems: 0 }),
  });
  const { task } = render();
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Minimum Rainfall' }));
  fireEvent.change(screen.getByLabelText('Minimum Rainfall from'), { target: { value: '5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  const toast = await screen.findByTestId('search-toast');
  expect(toast).toHaveTextContent('Oops');
  expect(toast).toHaveTextContent('Please Check All fields Again!');
  // The same toast is not shown twice.
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(screen.getAllByTestId('search-toast')).toHaveLength(1);
  expect(callsTo('searchData')).toEqual([]);

  fireEvent.change(screen.getByLabelText('Minimum Rainfall to'), { target: { value: '6' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect((await screen.findAllByText('No Data Found which can match the criteria')).length).toBeGreaterThan(0);
  await stop(task);
});

test('a saved search from the dropdown restores its filter rows; Show opens the detailed record', async () => {
  answer({
    getSearchParameterSets: () => SETS,
    getSearchAllForMicrobeHome: () => [{ id: 3, name: 'Wet fields' }],
    getParamiterForSearchMicrobe: () => ({
      id: 3, name: 'Wet fields', parameterList: ['Minimum Rainfall'],
      inputList: [{ key: 'sample:minrain', parameterName: 'Minimum Rainfall', type: 'number', inputValue: '500 > 900' }],
    }),
    searchData: () => RESULTS,
    postSearchmicBySamplenov: (b) => ({
      sampleInward: { samplenov: b.samplenov, statesofIndia: 'Maharashtra', minimumrainfall: 600 },
      microbeIdentification: { genus: 'Bacillus', species: 'subtilis' },
      activityList: [{ id: 1, activityname: 'Colony Morphology', shortname: 'MORPH', activitylevel: 'Level 1', sequence: 1, status: 'A', samplenov: b.samplenov, isolatecode: 'ISO1', pncode: null, parameters: [{ parameterName: 'Colony Shape', input: 'CIRC', updatedinputnum: null }] }],
      lvl2activityList: [{ id: 2, activityname: 'Plant Growth Promotion', shortname: 'PGPT', activitylevel: 'Level 2', sequence: 1, status: 'S', samplenov: b.samplenov, isolatecode: 'ISO1', pncode: 'PN000001', parameters: [{ parameterName: 'Shoot Length (cm)', input: '18.5', updatedinputnum: 18.5 }] }],
    }),
  });
  const { task } = render();
  const activity = await screen.findByLabelText('Activity');
  await waitFor(() => expect(within(activity).getByRole('option', { name: 'Wet fields' })).toBeInTheDocument());
  fireEvent.change(activity, { target: { value: 'saved:3' } });
  const row = await screen.findByRole('group', { name: 'Filter Minimum Rainfall' });
  expect(callsTo('getParamiterForSearchMicrobe')[0]).toEqual({ id: 3 });
  // another client's '500 > 900' is above both numbers: > 900
  expect(within(row).getByText('Matches Minimum Rainfall > 900')).toBeInTheDocument();
  expect(within(row).getByLabelText('Minimum Rainfall value')).toHaveValue(900);

  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Show SC-0010-1' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Search Microbe')).toBeInTheDocument();
  expect(within(dialog).getByText('Detailed Records for: SC-0010-1')).toBeInTheDocument();
  expect(await within(dialog).findByText('Maharashtra')).toBeInTheDocument();
  expect(within(dialog).getByText('subtilis')).toBeInTheDocument();
  expect(within(dialog).getByText('CIRC')).toBeInTheDocument();
  const l2 = within(dialog).getByRole('table', { name: 'Level 2 Activity Records for: SC-0010-1' });
  expect(within(l2).getByText('PN000001')).toBeInTheDocument();
  expect(within(l2).getByText('Shoot Length (cm): 18.5')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Print' })).toBeEnabled();
  expect(within(dialog).getByRole('button', { name: 'Open PDF' })).toBeEnabled();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await stop(task);
});

test('a rare combination: the page stops once its rows are found, "15+ found" until the exact count answers', async () => {
  const finishers: Array<(v: unknown) => void> = [];
  answer({
    getSearchParameterSets: () => SETS,
    getSearchAllForMicrobeHome: () => [],
    // The server found 16 matches by the end of the id window that held the page, then stopped (a lower bound).
    searchData: () => ({ ...RESULTS, totalItems: 16, totalIsLowerBound: true }),
    countSearchData: () => new Promise((resolve) => { finishers.push(resolve); }),
  });
  const { task } = render();
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Source' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Source' }), { target: { value: 'field' } });
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('15+ found (counting all matches…)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  await act(async () => finishers[0]({ totalItems: 12728 }));
  expect(await screen.findByText('12,728 found')).toBeInTheDocument();
  await stop(task);
});

test('a capped total shows "200+" while the exact count runs, then the count; paging keeps the count, a fresh Search counts again', async () => {
  const finishers: Array<(v: unknown) => void> = [];
  answer({
    getSearchParameterSets: () => SETS,
    getSearchAllForMicrobeHome: () => [],
    searchData: (b) => ({ ...RESULTS, totalItems: 201, totalIsLowerBound: true, results: RESULTS.results.map((r) => ({ ...r, srno: r.srno + (Number(b.pageno) - 1) * 10 })) }),
    countSearchData: () => new Promise((resolve) => { finishers.push(resolve); }),
  });
  const { task } = render();
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Source' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Source' }), { target: { value: 'field' } });
  const searchButton = () => within(screen.getByRole('main')).getByRole('button', { name: 'Search' });
  fireEvent.click(searchButton());
  expect(await screen.findByText('200+ found (counting all matches…)')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toEqual([{ inputList: callsTo('searchData')[0].inputList }]);
  expect(callsTo('searchData')[0]).toMatchObject({ countUpTo: 200, inputList: [{ key: 'sample:source', inputValue: 'field' }] });

  // Paging while the count runs: the count goes on, no second one.
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(callsTo('searchData')).toHaveLength(2));
  expect(await screen.findByText('200+ found (counting all matches…)')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toHaveLength(1);
  await act(async () => finishers[0]({ totalItems: 29186 }));
  expect(await screen.findByText('29,186 found')).toBeInTheDocument();

  // Pages of the same search keep the exact count: the last page is page 2,919.
  fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
  await waitFor(() => expect(callsTo('searchData').at(-1)).toMatchObject({ pageno: 2919 }));
  expect(await screen.findByText('29,186 found')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toHaveLength(1);

  // Search again with the same filters: the records may have changed, so it counts again.
  fireEvent.click(searchButton());
  expect(await screen.findByText('200+ found (counting all matches…)')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toHaveLength(2);
  await act(async () => finishers[1]({ totalItems: 29190 }));
  expect(await screen.findByText('29,190 found')).toBeInTheDocument();

  // Other filters: counted again; an incomplete row refused before the call leaves the shown count alone.
  fireEvent.change(screen.getByRole('textbox', { name: 'Source' }), { target: { value: 'forest' } });
  fireEvent.click(searchButton());
  expect(await screen.findByText('200+ found (counting all matches…)')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toHaveLength(3);
  fireEvent.change(screen.getByRole('textbox', { name: 'Source' }), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await act(async () => finishers[2]({ totalItems: 512 }));
  expect(await screen.findByText('512 found')).toBeInTheDocument();
  await stop(task);
});
