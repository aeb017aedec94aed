import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { decryptFromTransport } from '../../../../shared/transport/aes';
import { api } from '../../../lib/api';
import { FALLBACK_CONFIG } from '../../../lib/runtime-config';
import { loginResponse, networkError, threeLevelMenu } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';
import LoginPage from '../login-page';

jest.mock('../../../lib/api', () => {
  const actual = jest.requireActual('../../../lib/api');
  return {
    ...actual,
    api: { signIn: jest.fn(), menuOfUser: jest.fn(), checkLogin: jest.fn(), logout: jest.fn(), changePassword: jest.fn() },
  };
});

const mocked = api as jest.Mocked<typeof api>;

function renderLogin() {
  return renderWithApp(<LoginPage />, { route: '/login', path: '/login' });
}

afterEach(() => jest.clearAllMocks());

describe('LoginPage', () => {
  it('shows the form with the product name', () => {
    const { task } = renderLogin();
    expect(screen.getByRole('heading', { name: 'Soil Microbiology LIMS' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    task?.cancel();
  });

  it('an empty submit shows both required messages under the fields and the first as one OOPS! toast, without calling the API', async () => {
    const { task } = renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    // Under the fields...
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is Required!'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is Required!');
    // ...and the first as one toast titled OOPS! (one toast per attempt)
    const toasts = await screen.findAllByTestId('toast');
    expect(toasts.map((t) => t.textContent)).toEqual(['OOPS!Username is Required!']);
    expect(within(toasts[0]).getByText('OOPS!').tagName).toBe('STRONG');
    expect(mocked.signIn).not.toHaveBeenCalled();
    task?.cancel();
  });

  it('submits the username and the AES-encoded password, then goes home', async () => {
    mocked.signIn.mockResolvedValue(loginResponse());
    mocked.menuOfUser.mockResolvedValue(threeLevelMenu);
    mocked.checkLogin.mockResolvedValue({ message: 'SUCCESS' });
    const { store, task } = renderLogin();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'asha' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(mocked.signIn).toHaveBeenCalledTimes(1));
    const body = mocked.signIn.mock.calls[0][0];
    expect(body.username).toBe('asha');
    expect(body.password).not.toContain('Secret');
    expect(decryptFromTransport(body.password, FALLBACK_CONFIG.cryptoKey)).toBe('Secret#123');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/BlankHomePage'));
    expect(store.getState().session.status).toBe('signedIn');
    expect(store.getState().session.menu).toEqual(threeLevelMenu);
    await act(async () => {
      task?.cancel();
    });
  });

  it('shows an alert when the server cannot be reached, and stops loading', async () => {
    mocked.signIn.mockRejectedValue(networkError());
    const { task } = renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'asha' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to reach the server');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
    task?.cancel();
  });
});
