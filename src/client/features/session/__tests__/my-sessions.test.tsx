import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));
afterEach(() => jest.clearAllMocks());

const SESSIONS = [
  { sessionId: 's-1', browser: 'Chrome 131 on Windows', ip: '10.0.0.5', signedInAt: '2026-11-25T08:00:00.000Z', lastSeenAt: '2026-11-25T09:59:00.000Z', current: true },
  { sessionId: 's-2', browser: 'Firefox 133 on Linux', ip: '10.0.0.9', signedInAt: '2026-11-24T07:30:00.000Z', lastSeenAt: '2026-11-24T18:02:00.000Z', current: false },
];

test('Settings lists your sessions, marks this browser, and ends another one after confirmation', async () => {
  let rows = SESSIONS;
  answer({
    sessions: () => rows,
    endSession: ({ sessionId }) => {
      rows = rows.filter((r) => r.sessionId !== sessionId);
      return { status: 'OK', message: 'The session was ended.' };
    },
  });
  saveSession(loginResponse());
  const { task } = renderWithApp(<AppRoutes />, { route: '/changePassword', bridge: false });
  expect(await screen.findByLabelText(/^Current Password/)).toBeInTheDocument();
  const table = await screen.findByRole('grid', { name: 'Your sessions' });
  await within(table).findByText('Firefox 133 on Linux');
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(within(first).getAllByRole('gridcell').map((c) => c.textContent)).toEqual(
    ['Chrome 131 on WindowsThis browser', '10.0.0.5', '25-Nov-2026 08:00 UTC', '25-Nov-2026 09:59 UTC', 'End'],
  );
  fireEvent.click(within(second).getByRole('button', { name: 'End session: Firefox 133 on Linux' }));
  const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
  expect(dialog).toHaveTextContent('Firefox 133 on Linux at 10.0.0.9 will be signed out');
  fireEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
  await waitFor(() => expect(callsTo('endSession')).toEqual([{ sessionId: 's-2' }]));
  await waitFor(() => expect(within(table).queryByText('Firefox 133 on Linux')).toBeNull());
  expect(callsTo('sessions').length).toBeGreaterThanOrEqual(2);
  await stop(task);
});
