import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { saveSession } from '../../../lib/storage';
import { http } from '../../../lib/http';
import { loginResponse } from '../../../test-support/fixtures';
import type { SearchParameterSet, SearchResultItem } from '../../../../shared/contract/search-endpoints';
import { sampleCodeOf } from '../all-records-page';
import { bodyRows, columnTexts, tableNamed } from '../../../test-support/table';

jest.mock('../../../lib/http', () => ({ post: jest.fn(), http: { post: jest.fn() } }));

// Whole-screen role queries over the DataGrid's full DOM take minutes on a loaded 2-core CI machine (one test took
// 139 s alone): these screens get more than the client default of 180 s.
jest.setTimeout(420_000);

afterEach(() => jest.clearAllMocks());

const SETS: SearchParameterSet[] = [
  { key: 'microbe', label: 'MICROBE IDENTIFICATION', level: 'Identification', parameters: [
    { key: 'microbe:genus', parameterName: 'Genus', type: 'text', commonmastertype: null, options: null, sequence: 2 },
  ] },
];

const item = (n: number, genus: string | null, pncode = ''): SearchResultItem => ({
  srno: n, samplenov: `SC00000${n}-1`, isolatecode: `ISO00${n}`, pncode, activityList: [], lvl2activityList: [],
  parameterList: [
    { parameterName: 'Microbe', input: genus ? 'Bacteria' : null, updatedinputnum: null },
    { parameterName: 'Genus', input: genus, updatedinputnum: null },
    { parameterName: 'Species', input: null, updatedinputnum: null },
  ],
});

/** 23 records, answered page by page as the server does. */
const ALL = Array.from({ length: 23 }, (_, i) => item(i + 1, i % 2 ? 'Bacillus' : 'Azotobacter', i === 0 ? 'PN000001' : ''));
const page = (b: Record<string, unknown>) => {
  const list = Array.isArray(b.inputList) && b.inputList.length ? ALL.filter((r) => r.parameterList[1].input === 'Bacillus') : ALL;
  const size = Number(b.pageSize);
  const start = (Number(b.pageno) - 1) * size;
  return { parameterList: ['Microbe', 'Genus', 'Species'], totalItems: list.length, results: list.slice(start, start + size).map((r, i) => ({ ...r, srno: start + i + 1 })) };
};

/** The signed-in user's menu grants All Records (the shell opens a screen only when the menu grants it). */
const menuofUserforjosn = () => [
  { mainmenulabel: 'Search', mainmenulink: '', lstsubmenu: [{ submenulabel: 'All Records', submenulink: 'showallrecords', lstchildmenu: [] }] },
];

const render = () => {
  saveSession(loginResponse());
  return renderWithApp(<AppRoutes />, { route: '/showallrecords', bridge: false });
};

const resultsTable = () => tableNamed('Search results');

test('sample code of a Sample No.-V', () => {
  expect(sampleCodeOf('SC000012-3')).toBe('SC000012');
  expect(sampleCodeOf('SC-0001-10')).toBe('SC-0001');
  expect(sampleCodeOf('ODD')).toBe('ODD');
});

test('every record, ten a page: codes and the default parameters; pages, rows per page, sorting; Show opens the detailed record', async () => {
  answer({
    menuofUserforjosn,
    getSearchParameterSets: () => SETS,
    searchData: page,
    postSearchmicBySamplenov: (b) => ({ sampleInward: { samplenov: b.samplenov, statesofIndia: 'Maharashtra' }, microbeIdentification: null, activityList: [], lvl2activityList: [] }),
  });
  const { task } = render();
  expect(await screen.findByRole('heading', { level: 2, name: 'All Records' })).toBeInTheDocument();
  const table = await screen.findByRole('grid', { name: 'Search results' });
  expect(callsTo('searchData')[0]).toMatchObject({ inputList: [], pageno: 1, pageSize: 10, userID: 7 });
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Sr. No.', 'Sample No.-V', 'Sample Code', 'Isolate Code', 'Plant Assessment Code', 'Microbe', 'Genus', 'Species', 'Action',
  ]);
  expect(bodyRows(table)[0].textContent).toBe('1SC000001-1SC000001ISO001PN000001BacteriaAzotobacterN/AShow');
  expect(screen.getByText('23 records')).toBeInTheDocument();

  // Sorting orders the page shown; a column again toggles the direction.
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Genus' }));
  expect(columnTexts(table, 6).slice(0, 5)).toEqual(['Azotobacter', 'Azotobacter', 'Azotobacter', 'Azotobacter', 'Azotobacter']);
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Sr. No.' }));
  fireEvent.click(within(table).getByRole('columnheader', { name: 'Sr. No.' }));
  expect(columnTexts(table, 0)[0]).toBe('10');

  // The sort is in the URL: it stays while paging (Sr. No. descending on page 3 too).
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(columnTexts(resultsTable(), 0)).toEqual(['23', '22', '21']));
  expect(callsTo('searchData')[1]).toMatchObject({ pageno: 3, pageSize: 10 });
  fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
  await waitFor(() => expect(bodyRows(resultsTable())).toHaveLength(23));
  expect(callsTo('searchData')[2]).toMatchObject({ pageno: 1, pageSize: 25 });

  fireEvent.click(screen.getByRole('button', { name: 'Show SC000002-1' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Detailed Records for: SC000002-1')).toBeInTheDocument();
  expect(await within(dialog).findByText('Maharashtra')).toBeInTheDocument();
  expect(callsTo('postSearchmicBySamplenov')).toEqual([{ samplenov: 'SC000002-1' }]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await stop(task);
});

test('search by one parameter; an empty filter is refused; the export sends the applied filter; Refresh lists everything again', async () => {
  answer({ menuofUserforjosn, getSearchParameterSets: () => SETS, searchData: page });
  const created: Blob[] = [];
  Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => { created.push(b); return 'blob:all'; }), revokeObjectURL: jest.fn() });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  (http.post as jest.Mock).mockResolvedValue({ data: new Blob(['x']), headers: { 'content-disposition': 'attachment; filename="data.csv"', 'x-total-count': '11' } });
  const { task } = render();
  await screen.findByRole('grid', { name: 'Search results' });
  const by = screen.getByLabelText('Search by');
  await waitFor(() => expect(within(by).getByRole('option', { name: 'Genus' })).toBeInTheDocument());
  fireEvent.change(by, { target: { value: 'microbe:genus' } });
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('Please Check All fields Again!')).toBeInTheDocument();
  expect(callsTo('searchData')).toHaveLength(1);

  fireEvent.change(screen.getByRole('textbox', { name: 'Genus' }), { target: { value: 'Bacillus' } });
  fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('11 of the records match Genus: Bacillus')).toBeInTheDocument();
  expect(callsTo('searchData')[1]).toMatchObject({ pageno: 1, inputList: [{ key: 'microbe:genus', parameterName: 'Genus', type: 'text', inputValue: 'Bacillus' }] });

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Export data.csv' }));
  });
  await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
  const [url, body] = (http.post as jest.Mock).mock.calls[0];
  expect(url).toBe('/api/transaction/exportSearchData');
  expect(body).toEqual({ inputList: [expect.objectContaining({ parameterName: 'Genus', inputValue: 'Bacillus' })] });
  expect(await screen.findByText('data.csv: 11 rows exported.')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByText('23 records')).toBeInTheDocument();
  expect(callsTo('searchData')[2]).toMatchObject({ inputList: [] });
  expect(screen.queryByRole('group', { name: 'Filter Genus' })).toBeNull();
  clicked.mockRestore();
  await stop(task);
});

test('a capped total reads "200+ records" until the exact count answers; paging keeps it, Refresh counts again', async () => {
  const finishers: Array<(v: unknown) => void> = [];
  answer({
    menuofUserforjosn,
    getSearchParameterSets: () => SETS,
    searchData: (b) => ({ ...page(b), totalItems: 201, totalIsLowerBound: true }),
    countSearchData: () => new Promise((resolve) => { finishers.push(resolve); }),
  });
  const { task } = render();
  expect(await screen.findByText('200+ records (counting all matches…)')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toEqual([{ inputList: [] }]);
  // Paging while it counts: no second count.
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(callsTo('searchData').at(-1)).toMatchObject({ pageno: 2 }));
  expect(callsTo('countSearchData')).toHaveLength(1);
  await act(async () => finishers[0]({ totalItems: 2345 }));
  expect(await screen.findByText('2,345 records')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
  await waitFor(() => expect(callsTo('searchData').at(-1)).toMatchObject({ pageno: 235, pageSize: 10 }));
  expect(await screen.findByText('2,345 records')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toHaveLength(1);
  // Refresh: the records may have changed, so it counts again.
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByText('200+ records (counting all matches…)')).toBeInTheDocument();
  expect(callsTo('countSearchData')).toHaveLength(2);
  await act(async () => finishers[1]({ totalItems: 2350 }));
  expect(await screen.findByText('2,350 records')).toBeInTheDocument();
  await stop(task);
});
