import { act, fireEvent, screen, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { renderWithApp } from '../../../test-support/render';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';
import type { DashboardFigures } from '../../../../shared/dashboard/dashboard';
import { REFRESH_MS } from '../dashboard-saga';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));

afterEach(() => {
  jest.clearAllMocks();
  jest.useRealTimers();
});

const figures = (over: Partial<DashboardFigures> = {}): DashboardFigures => ({
  totalSamples: 42,
  agroZones: 5,
  isolates: 30,
  microbes: { total: 12, bacteria: 7, fungi: 4, actinomycetes: 1, other: 0 },
  traits: [
    { shortname: 'NFIX', label: 'Nitrogen Fixers', count: 9 },
    { shortname: 'PSOL', label: 'Phosphate Solubilizers', count: 3 },
  ],
  biocontrol: { total: 6, antifungal: 3, antibacterial: 2, antimicrobial: 1 },
  activities: { notSubmitted: 1, submitted: 2, reverted: 3, approved: 4 },
  samplesByMonth: [{ month: '2026-10', count: 2 }, { month: '2026-11', count: 5 }],
  ...over,
});

const render = (route: string, toprole = true) => {
  saveSession(loginResponse({ toprole }));
  return renderWithApp(<AppRoutes />, { route, bridge: false });
};

test('the dashboard shows the server figures as tiles and charts', async () => {
  answer({ getDashboard: () => figures() });
  const { task } = render('/dashboard');
  expect(await screen.findByLabelText('Total Samples: 42')).toBeInTheDocument();
  expect(screen.getByText('Total Samples')).toBeInTheDocument();
  expect(screen.getByText('Agro Climatic Zones')).toBeInTheDocument();
  expect(screen.getByText('Bacteria 7 · Fungi 4 · Actinomycetes 1')).toBeInTheDocument();
  const traits = screen.getByRole('list', { name: 'Functional traits' });
  expect(within(traits).getByLabelText('Nitrogen Fixers: 9')).toBeInTheDocument();
  expect(screen.getByText('Biocontrol Leads: 6')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Biocontrol leads' })).getByLabelText('Antifungal Producers: 3')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Samples inwarded per month' })).getByLabelText('Nov 26: 5')).toBeInTheDocument();
  expect(callsTo('getDashboard')).toHaveLength(1);
  await stop(task);
});

test('an open dashboard reloads every minute, and the refresh button reloads at once', async () => {
  jest.useFakeTimers();
  let total = 1001;
  answer({ getDashboard: () => figures({ totalSamples: total++ }) });
  const { task, unmount } = render('/dashboard');
  expect(await screen.findByLabelText('Total Samples: 1001')).toBeInTheDocument();
  await act(async () => {
    jest.advanceTimersByTime(REFRESH_MS);
  });
  expect(await screen.findByLabelText('Total Samples: 1002')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  expect(await screen.findByLabelText('Total Samples: 1003')).toBeInTheDocument();
  unmount();
  const calls = callsTo('getDashboard').length;
  await act(async () => {
    jest.advanceTimersByTime(REFRESH_MS * 3);
  });
  expect(callsTo('getDashboard')).toHaveLength(calls); // closed: no more loads
  await stop(task);
});

test('checkData lists all samples for a top-role user, and only an explanation for others', async () => {
  answer({
    getAllSamples: (b) => Array.from({ length: b.pageno === 1 ? 10 : 2 }, (_, i) => ({
      id: i + 1, srno: (Number(b.pageno) - 1) * 10 + i + 1, sampleinno: `SI-${i}`, sampleno: `SC00${i}`, samplingdate: '2026-11-01',
      sampledby: 'R. K.', statesofIndia: 'Maharashtra', district: 'Pune', isolates: 1, totalItems: 12,
    })),
  });
  const first = render('/checkData');
  expect(await screen.findByText('SC000')).toBeInTheDocument();
  expect(screen.getAllByRole('row')).toHaveLength(11);
  expect(screen.getByTestId('list-total').textContent).toBe('Page 1 of 2 (12 records)');
  expect(screen.getAllByText('01-Nov-2026')).toHaveLength(10);
  fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(await screen.findByRole('gridcell', { name: '12' })).toBeInTheDocument();
  expect(screen.getByTestId('location-search').textContent).toBe('?page=2');
  expect(callsTo('getAllSamples').map((b) => b.pageno)).toEqual([1, 2]);
  first.unmount();
  await stop(first.task);

  jest.clearAllMocks();
  const second = render('/checkData', false);
  expect(await screen.findByText('Only users with the Top Role see all samples.')).toBeInTheDocument();
  expect(callsTo('getAllSamples')).toHaveLength(0);
  await stop(second.task);
});
