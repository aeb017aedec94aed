import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { saveSession } from '../../../lib/storage';
import { http } from '../../../lib/http';
import { loginResponse } from '../../../test-support/fixtures';
import type { AuditEntryRow } from '../../../../shared/contract/audit-endpoints';
import { RecordHistoryButton } from '..';
import { changeDate } from '../../../test-support/date';

jest.mock('../../../lib/http', () => ({ post: jest.fn(), http: { post: jest.fn() } }));

afterEach(() => jest.clearAllMocks());

const entry = (id: number, over: Partial<AuditEntryRow> = {}): AuditEntryRow => ({
  id, srno: id, at: '2026-11-22T06:30:00.000Z', userId: 1, username: 'admin', action: 'department.update', entity: 'department',
  entityId: String(100 + id), reason: null, ip: '127.0.0.1', changes: [{ field: 'departmentName', before: `Old ${id}`, after: `New ${id}` }], totalItems: 30, ...over,
});

const options = { users: [{ id: 1, username: 'admin' }, { id: 9, username: 'auditor' }], entities: ['department', 'user'], actions: ['department.create', 'department.update'] };

const render = (route: string, toprole = true) => {
  saveSession(loginResponse({ toprole }));
  return renderWithApp(<AppRoutes />, { route, bridge: false });
};

test('the Activity Log lists entries, sends the filters, pages and expands a row to its changes', async () => {
  answer({
    getAuditFilters: () => options,
    getAuditLog: (b) => Array.from({ length: Number(b.pageSize) }, (_, i) => entry((Number(b.pageno) - 1) * Number(b.pageSize) + i + 1)),
  });
  const { task } = render('/auditLog');
  expect(await screen.findByRole('heading', { level: 2, name: 'Activity Log' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Activity Log entries' });
  await waitFor(() => expect(within(table).getAllByText('department.update')).toHaveLength(10));
  expect(screen.getByText('30 entries · page 1 of 3')).toBeInTheDocument();
  expect(callsTo('getAuditLog')[0]).toEqual({ pageno: 1, pageSize: 10, timeZone: expect.any(String) });

  // Filters: every field is sent, the user as its id.
  await waitFor(() => expect(within(screen.getByLabelText('Entity')).getByRole('option', { name: 'department' })).toBeInTheDocument());
  fireEvent.change(screen.getByLabelText('User'), { target: { value: '9' } });
  fireEvent.change(screen.getByLabelText('Entity'), { target: { value: 'department' } });
  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'department.update' } });
  changeDate('From Date', '2026-11-01');
  changeDate('To Date', '2026-11-22');
  fireEvent.change(screen.getByLabelText('Record ID / Reason'), { target: { value: ' 101 ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(callsTo('getAuditLog')).toHaveLength(2));
  expect(callsTo('getAuditLog')[1]).toEqual({
    user: 9, entity: 'department', action: 'department.update', fromDate: '2026-11-01', toDate: '2026-11-22', text: '101',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, pageno: 1, pageSize: 10, countUpTo: 200,
  });

  // A to date before the from date is refused on the form.
  changeDate('To Date', '2026-10-01');
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('To Date must not be before From Date.')).toBeInTheDocument();
  expect(callsTo('getAuditLog')).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  await waitFor(() => expect(callsTo('getAuditLog')).toHaveLength(3));
  expect(callsTo('getAuditLog')[2]).toEqual({ pageno: 1, pageSize: 10, timeZone: expect.any(String) });

  // Paging and page size.
  fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(callsTo('getAuditLog').at(-1)).toMatchObject({ pageno: 2, pageSize: 10 }));
  expect(screen.getByTestId('location-search')).toHaveTextContent('?page=2');
  fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
  await waitFor(() => expect(callsTo('getAuditLog').at(-1)).toMatchObject({ pageno: 1, pageSize: 25 }));
  await waitFor(() => expect(within(table).getAllByText('department.update')).toHaveLength(25));
  expect(screen.getByTestId('location-search')).toHaveTextContent('?size=25');

  // Expanding a row shows the field-level before/after.
  expect(screen.queryByRole('table', { name: 'Changes of department.update department 103' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Show changes of department.update department 103' }));
  const changes = await screen.findByRole('table', { name: 'Changes of department.update department 103' });
  const cells = within(changes).getAllByRole('cell').map((c) => c.textContent);
  expect(cells).toEqual(['Old 3', 'New 3']);
  expect(within(changes).getByRole('rowheader', { name: 'departmentName' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Hide changes of department.update department 103' }));
  await waitFor(() => expect(screen.queryByRole('table', { name: 'Changes of department.update department 103' })).toBeNull());
  await stop(task);
});

test('a filtered view over many entries shows "200+" at once, then the exact total asked without the cap', async () => {
  let release: () => void = () => undefined;
  const exactAsked = new Promise<void>((r) => { release = r; });
  answer({
    getAuditFilters: () => options,
    getAuditLog: async (b) => {
      if (b.countUpTo === undefined && b.entity) {
        await exactAsked;
        return [entry(1, { totalItems: 123_456 })];
      }
      return b.entity ? Array.from({ length: 10 }, (_, i) => entry(i + 1, { totalItems: 201, totalIsLowerBound: true })) : [entry(1)];
    },
  });
  const { task } = render('/auditLog?entity=department');
  expect(await screen.findByText('200+ entries (counting all matches…) · page 1 of 21+')).toBeInTheDocument();
  expect(callsTo('getAuditLog').map((b) => b.countUpTo)).toEqual([200, undefined]);
  release();
  expect(await screen.findByText('123,456 entries · page 1 of 12,346')).toBeInTheDocument();
  // The rows on screen stay the capped page's.
  expect(within(screen.getByRole('table', { name: 'Activity Log entries' })).getAllByText('department.update')).toHaveLength(10);
  // The whole trail names no cap (its total is always exact).
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  await waitFor(() => expect(callsTo('getAuditLog')).toHaveLength(3));
  expect(callsTo('getAuditLog')[2]).not.toHaveProperty('countUpTo');
  await stop(task);
});

test('without the Top Role the screen explains and asks nothing', async () => {
  answer({});
  const { task } = render('/auditLog', false);
  expect(await screen.findByText('Only users with the Top Role (administrators and auditors) may read the Activity Log.')).toBeInTheDocument();
  expect(callsTo('getAuditLog')).toHaveLength(0);
  expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  await stop(task);
});

test('Export CSV downloads every match with the current filters and says how many entries', async () => {
  answer({ getAuditFilters: () => options, getAuditLog: () => [entry(1)] });
  const created: Blob[] = [];
  const createObjectURL = jest.fn((b: Blob) => { created.push(b); return 'blob:activity-log'; });
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  let finish: (v: unknown) => void = () => undefined;
  (http.post as jest.Mock).mockImplementation((_url: string, _body: unknown, config: { onDownloadProgress(e: { loaded: number }): void }) =>
    new Promise((resolve) => {
      config.onDownloadProgress({ loaded: 2048 });
      finish = resolve;
    }));
  const { task } = render('/auditLog');
  await screen.findByRole('table', { name: 'Activity Log entries' });
  fireEvent.change(screen.getByLabelText('Entity'), { target: { value: 'department' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(callsTo('getAuditLog')).toHaveLength(2));
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByText('Exporting… 2.0 KB received')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  const [url, body, config] = (http.post as jest.Mock).mock.calls[0];
  expect(url).toBe('/api/audit/exportAuditLog');
  expect(body).toEqual({ entity: 'department', timeZone: expect.any(String) });
  expect(config).toMatchObject({ responseType: 'blob' });
  await act(async () => {
    finish({ data: new Blob(['Entry\r\n1\r\n']), headers: { 'content-disposition': 'attachment; filename="activity-log-20261122-063000.csv"', 'x-total-count': '3' } });
  });
  expect(await screen.findByText('Exported 3 entries to activity-log-20261122-063000.csv.')).toBeInTheDocument();
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  expect(clicked).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  clicked.mockRestore();
  await stop(task);
});

test('RecordHistoryButton opens the record history, oldest first, with the changes', async () => {
  answer({
    getRecordHistory: () => [
      entry(1, { action: 'department.create', entityId: '42', changes: [{ field: 'departmentName', before: null, after: 'Soil' }] }),
      entry(2, { action: 'department.update', entityId: '42', reason: 'typo', changes: [{ field: 'departmentName', before: 'Soil', after: 'Soil Biology' }] }),
    ],
  });
  saveSession(loginResponse({ toprole: true }));
  const { task } = renderWithApp(<RecordHistoryButton entity="department" entityId={42} label="D042" />);
  fireEvent.click(screen.getByRole('button', { name: 'History of department D042' }));
  const dialog = await screen.findByRole('dialog', { name: 'History of department D042' });
  const update = await within(dialog).findByRole('table', { name: 'Changes of department.update department 42' });
  expect(within(update).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Soil', 'Soil Biology']);
  expect(within(dialog).getByRole('table', { name: 'Changes of department.create department 42' })).toBeInTheDocument();
  expect(within(dialog).getByText('typo')).toBeInTheDocument();
  expect(callsTo('getRecordHistory')).toEqual([{ entity: 'department', entityId: '42' }]);
  const actions = within(dialog).getAllByText(/^department\.(create|update)$/).map((e) => e.textContent);
  expect(actions).toEqual(['department.create', 'department.update']);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await stop(task);
});

test('RecordHistoryButton is not shown to users without the Top Role', async () => {
  saveSession(loginResponse({ toprole: false }));
  const { task } = renderWithApp(<RecordHistoryButton entity="department" entityId={42} />);
  expect(screen.queryByRole('button', { name: 'History of department 42' })).toBeNull();
  await stop(task);
});

test('the Activity Log\'s filter and page are in the address: opened from it (a reload, Back, a shared link) it shows the same view', async () => {
  answer({
    getAuditFilters: () => options,
    getAuditLog: (b) => Array.from({ length: Number(b.pageSize) }, (_, i) => entry((Number(b.pageno) - 1) * Number(b.pageSize) + i + 1)),
  });
  const { task } = render('/auditLog?entity=department&fromDate=2026-11-01&toDate=not-a-day&page=3&size=25');
  await waitFor(() => expect(callsTo('getAuditLog')).toHaveLength(1));
  // the address's view is asked for; what is not a day is left out
  expect(callsTo('getAuditLog')[0]).toEqual({ entity: 'department', fromDate: '2026-11-01', pageno: 3, pageSize: 25, timeZone: expect.any(String), countUpTo: 200 });
  await waitFor(() => expect(screen.getByLabelText('Entity')).toHaveValue('department'));
  expect(screen.getByLabelText('Rows per page')).toHaveValue('25');
  // Search goes back to page 1 of the same filter; the same Search again reads it again (the address stays)
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(callsTo('getAuditLog')).toHaveLength(2));
  expect(callsTo('getAuditLog')[1]).toMatchObject({ entity: 'department', fromDate: '2026-11-01', pageno: 1, pageSize: 25 });
  expect(screen.getByTestId('location-search')).toHaveTextContent('?entity=department&fromDate=2026-11-01&size=25');
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(callsTo('getAuditLog')).toHaveLength(3));
  expect(callsTo('getAuditLog')[2]).toEqual(callsTo('getAuditLog')[1]);
  await stop(task);
});
