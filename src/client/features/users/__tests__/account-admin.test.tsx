import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppRoutes } from '../../../app/App';
import { answer, callsTo, stop } from '../../../crud/__tests__/mock-server';
import { saveSession } from '../../../lib/storage';
import { loginResponse } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';

jest.mock('../../../lib/http', () => ({ post: jest.fn() }));
afterEach(() => jest.clearAllMocks());

const EMPLOYEES = [
  { resourceID: 7, srno: 1, employeecode: 'E007', firstname: 'Asha', middlename: '', lastname: 'Verma', msg: 'Active', activeStatus: 'Y', totalItems: 2 },
  { resourceID: 11, srno: 2, employeecode: 'E011', firstname: 'Ravi', middlename: 'K', lastname: 'Rao', msg: 'Active', activeStatus: 'Y', totalItems: 2 },
];

function open(toprole: boolean) {
  answer({
    getempmasterfroEmp: () => EMPLOYEES,
    resetUserPassword: () => ({ status: 'Success', message: 'A one-time password was made for Ravi K Rao.', password: 'Quiet-Lantern-4821' }),
    unlockUser: () => ({ status: 'Success', message: 'The sign-in delays of Ravi K Rao were cleared.' }),
    endUserSessions: () => ({ status: 'Success', message: '2 live sessions of Ravi K Rao ended.' }),
  });
  saveSession(loginResponse({ toprole, edit: true, delete: true, add: true }));
  return renderWithApp(<AppRoutes />, { route: '/userHomepage', bridge: false });
}

test('a Top Role user resets a password (confirmed, shown once), clears sign-in delays and ends sessions; not on their own row', async () => {
  const { task } = open(true);
  const ravi = (await screen.findByText('E011')).closest('[role="row"]') as HTMLElement;
  const self = screen.getByText('E007').closest('[role="row"]') as HTMLElement;
  expect(within(self).queryByRole('button', { name: /^Reset password/ })).toBeNull();

  fireEvent.click(within(ravi).getByRole('button', { name: 'Reset password: Ravi K Rao' }));
  let dialog = await screen.findByRole('dialog', { name: 'Reset password: Ravi K Rao?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(callsTo('resetUserPassword')).toEqual([]);

  fireEvent.click(within(ravi).getByRole('button', { name: 'Reset password: Ravi K Rao' }));
  dialog = await screen.findByRole('dialog', { name: 'Reset password: Ravi K Rao?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
  await waitFor(() => expect(callsTo('resetUserPassword')).toEqual([{ resourceID: 11 }]));
  expect(await screen.findByTestId('initial-password')).toHaveTextContent('Initial password for Ravi K Rao: Quiet-Lantern-4821');
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Password reset' })).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByTestId('initial-password')).toBeNull());
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  fireEvent.click(within(ravi).getByRole('button', { name: 'Clear sign-in delays: Ravi K Rao' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear delays' }));
  await waitFor(() => expect(callsTo('unlockUser')).toEqual([{ resourceID: 11 }]));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  fireEvent.click(within(ravi).getByRole('button', { name: 'End all sessions: Ravi K Rao' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End sessions' }));
  await waitFor(() => expect(callsTo('endUserSessions')).toEqual([{ resourceID: 11 }]));
  expect(await screen.findByText('2 live sessions of Ravi K Rao ended.')).toBeInTheDocument();
  await stop(task);
});

test('without the Top Role there are no account actions', async () => {
  const { task } = open(false);
  const ravi = (await screen.findByText('E011')).closest('[role="row"]') as HTMLElement;
  expect(within(ravi).queryByRole('button', { name: /^Reset password/ })).toBeNull();
  expect(within(ravi).queryByRole('button', { name: /^End all sessions/ })).toBeNull();
  await stop(task);
});
