import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';
import type { LoginResponse } from '../../../../shared/contract/session';
import { listRow, queueRow } from './fixtures';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => jest.clearAllMocks());

const render = (route: string, flags: Partial<LoginResponse> = {}) => {
  saveSession(loginResponse(flags));
  return renderWithApp(<AppRoutes />, { route, bridge: false });
};

const page = (p: number, total: number) =>
  Array.from({ length: Math.max(0, Math.min(10, total - (p - 1) * 10)) }, (_, i) => {
    const n = (p - 1) * 10 + i + 1;
    const status = (['Y', 'S', 'R', 'A'] as const)[n % 4];
    return listRow(n, { totalItems: total, status, approvalStatus: status === 'Y' ? null : status });
  });

test('Level 1 list: ten rows a page, status colours, the parameter screen link, the microbe icon and Add', async () => {
  answer({ getactitransctionhome: (b) => page(Number(b.pageno), 13) });
  const { task } = render('/ActivityTransactionHome/1');
  const table = await screen.findByRole('grid', { name: 'Level 1 activities' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
  expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Sr. No.', 'Sample Code', 'Isolate Code', 'Action']);
  const colours = within(table).getAllByRole('link', { name: /^Open activities/ }).map((a) => [a.getAttribute('data-status'), getComputedStyle(a).color]);
  expect(colours.slice(0, 4)).toEqual([['S', 'orange'], ['R', 'red'], ['A', 'green'], ['Y', 'black']]);
  // The status is also written beside its colour.
  expect(within(table).getAllByTestId('activity-status').slice(0, 4).map((t) => t.textContent)).toEqual(['Submitted', 'Reverted', 'Approved', 'Not submitted']);
  expect(within(table).getByRole('link', { name: 'Open activities of ISO000002: Reverted' })).toHaveAttribute(
    'href', '/activityparamNew/11/Level%201/SC0002-1/SC0002/1');
  expect(within(table).getByRole('link', { name: 'Microbe identification of ISO000002' })).toHaveAttribute('href', '/MicrobeIdentification/2/SC0002-1/1');
  expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  expect(callsTo('getactitransctionhome').map((b) => b.pageno)).toEqual([1, 2]);
  await stop(task);
});

test("the spec's address with the page in the path opens that page, which paging then keeps in the query", async () => {
  answer({ getactitransctionhome: (b) => page(Number(b.pageno), 25) });
  const { task } = render('/ActivityTransactionHome/3');
  const table = await screen.findByRole('grid', { name: 'Level 1 activities' });
  await within(table).findByText('ISO000021');
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/ActivityTransactionHome$/);
  expect(screen.getByTestId('list-total')).toHaveTextContent('Page 3 of 3 (25 records)');
  fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
  await within(table).findByText('ISO000001');
  expect(callsTo('getactitransctionhome').map((b) => b.pageno)).toEqual([3, 1]);
  await stop(task);
});

test('without the add and microbe flags there is no Add and no microbe icon', async () => {
  answer({ getactitransctionhome: () => page(1, 3) });
  const { task } = render('/ActivityTransactionHome', { add: false, microbe: false });
  const table = await screen.findByRole('grid', { name: 'Level 1 activities' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  expect(within(table).queryByRole('link', { name: /Microbe identification/ })).not.toBeInTheDocument();
  await stop(task);
});

test('search: empty text toasts and calls nothing; no match shows No records found; refresh reloads the list', async () => {
  answer({ getactitransctionhome: () => page(1, 3), getSearchForactitransaction: () => [] });
  const { task } = render('/ActivityTransactionHome');
  const table = await screen.findByRole('grid', { name: 'Level 1 activities' });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect((await screen.findAllByTestId('toast')).map((t) => t.textContent)).toContain('OOPS!Please Enter Some Text To Search!');
  expect(callsTo('getSearchForactitransaction')).toHaveLength(0);
  fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: 'ZZZ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await within(table).findByText('No records found')).toBeInTheDocument();
  expect(callsTo('getSearchForactitransaction')).toEqual([{ pageno: 1, searchText: 'ZZZ', countUpTo: 200 }]);
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  await stop(task);
});

test.each([
  { level: 'Level 1', route: '/ActivityTransactionHome', home: 'getactitransctionhome', call: 'getSearchForactitransaction' },
  { level: 'Level 2', route: '/level2activityHome', home: 'getLevel2ActivityHome', call: 'getSearchForLevel2actitransaction' },
])('$level search above the cap: "200+" while the exact total is asked in the background, then the exact number on the same rows', async ({ level, route, home, call }) => {
  let answerExact: (rows: unknown[]) => void = () => undefined;
  answer({
    [home]: () => page(1, 3),
    [call]: (b) => (b.countUpTo === undefined
      ? new Promise((resolve) => { answerExact = resolve; })
      : page(1, 201).map((r) => ({ ...r, totalIsLowerBound: true }))),
  });
  const { task } = render(route);
  const table = await screen.findByRole('grid', { name: `${level} activities` });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  fireEvent.change(screen.getByLabelText('Search Text'), { target: { value: 'SC' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  const footer = screen.getByTestId('list-total');
  await waitFor(() => expect(footer.textContent).toBe('Page 1 of 21+ (200+ records) (counting all matches…)'));
  await waitFor(() => expect(callsTo(call)).toEqual([{ pageno: 1, searchText: 'SC', countUpTo: 200 }, { pageno: 1, searchText: 'SC' }]));
  // The plain list never names countUpTo.
  expect(callsTo(home)).toEqual([{ pageno: 1, searchText: '' }]);
  const shown = () => within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
  const before = shown();
  expect(before).toHaveLength(10);
  act(() => answerExact(page(3, 5_432)));
  await waitFor(() => expect(footer.textContent).toBe('Page 1 of 544 (5,432 records)'));
  expect(shown()).toEqual(before);
  await stop(task);
});

test('Level 2 list shows the plant assessment code and links to lvl2activityparam', async () => {
  answer({ getLevel2ActivityHome: () => [listRow(4, { pncode: 'PA000004', status: 'S', approvalStatus: 'S', actid: 21 })] });
  const { task } = render('/level2activityHome');
  const table = await screen.findByRole('grid', { name: 'Level 2 activities' });
  const link = await within(table).findByRole('link', { name: /^Open activities of ISO000004 PA000004/ });
  expect(link).toHaveAttribute('href', '/lvl2activityparam/21/Level%202/SC0004-1/SC0004/PA000004/1');
  expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toContain('Plant Assessment Code');
  await stop(task);
});

test('the queue tab lists what waits for the manager, with a Review link', async () => {
  answer({ getactitransctionhome: () => [], getApprovalQueue: () => [queueRow(1)] });
  const { task } = render('/ActivityTransactionHome?queue=1', { approve: true });
  const table = await screen.findByRole('grid', { name: 'Waiting for my approval' });
  const review = await within(table).findByRole('link', { name: 'Review Colony Morphology of ISO000001' });
  expect(review).toHaveAttribute('href', '/activityparamNew/11/Level%201/SC0001-1/SC0001/1');
  expect(within(table).getByText('Vikram Patil')).toBeInTheDocument();
  expect(callsTo('getApprovalQueue')).toEqual([{ pageno: 1, level: 'Level 1' }]);
  await stop(task);
});

test('an approval whose data was amended since is marked in the queue', async () => {
  answer({ getactitransctionhome: () => [], getApprovalQueue: () => [queueRow(1), queueRow(2, { isolatecode: 'ISO000002', amended: true })] });
  const { task } = render('/ActivityTransactionHome?queue=1', { approve: true });
  const table = await screen.findByRole('grid', { name: 'Waiting for my approval' });
  await within(table).findByText('ISO000002');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0]).queryByTestId('amended-chip')).toBeNull();
  expect(within(rows[1]).getByTestId('amended-chip')).toHaveTextContent('Data amended after approval');
  await stop(task);
});

test('the top bar shows the approval count for approvers and links to the queue', async () => {
  answer({ getApprovalCounts: () => ({ level1: 2, level2: 1, total: 3 }), getactitransctionhome: () => [] });
  const { task } = render('/BlankHomePage', { approve: true });
  const badge = await screen.findByRole('link', { name: '3 activities wait for your approval' });
  expect(badge).toHaveAttribute('href', '/ActivityTransactionHome?queue=1');
  await stop(task);
});

test('no approval count for users who cannot approve', async () => {
  answer({ getApprovalCounts: () => ({ level1: 2, level2: 1, total: 3 }) });
  const { task } = render('/BlankHomePage', { approve: false });
  await screen.findByTestId('page-title');
  await new Promise((r) => setTimeout(r, 100));
  expect(screen.queryByTestId('approval-badge')).not.toBeInTheDocument();
  expect(callsTo('getApprovalCounts')).toHaveLength(0);
  await stop(task);
});
