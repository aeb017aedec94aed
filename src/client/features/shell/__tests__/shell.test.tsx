import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../../../shared/contract/session';
import { formatDisplayDate } from '../../../../shared/format/greeting';
import { AppRoutes } from '../../../app/App';
import { api } from '../../../lib/api';
import { saveSession } from '../../../lib/storage';
import { loginResponse, threeLevelMenu } from '../../../test-support/fixtures';
import { renderWithApp } from '../../../test-support/render';
import { PASSWORD_CHANGE_MSG } from '../../../../shared/contract/password-rules';

jest.mock('../../../lib/api', () => {
  const actual = jest.requireActual('../../../lib/api');
  return {
    ...actual,
    api: { signIn: jest.fn(), menuOfUser: jest.fn(), checkLogin: jest.fn(), logout: jest.fn(), changePassword: jest.fn() },
  };
});
// The screens the menu opens (and the approval badge) call the server through lib/http: answer nothing.
jest.mock('../../../lib/http', () => ({ post: jest.fn(async () => undefined) }));
const mocked = api as jest.Mocked<typeof api>;

/** The whole app route tree, signed in (session in storage, restored at start), with the menu from the server. */
async function renderSignedIn(route = '/BlankHomePage', over: Parameters<typeof loginResponse>[0] = {}) {
  saveSession(loginResponse(over));
  mocked.menuOfUser.mockResolvedValue(threeLevelMenu);
  mocked.checkLogin.mockResolvedValue({ message: 'SUCCESS' });
  mocked.logout.mockResolvedValue({ status: 'OK' });
  const utils = renderWithApp(<AppRoutes />, { route, bridge: false });
  await screen.findByTestId('sidebar');
  await screen.findByRole('link', { name: 'Dashboard' });
  return utils;
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => jest.clearAllMocks());

describe('Shell', () => {
  it('shows the top bar: title, greeting, user name, date and the user menu button', async () => {
    const { task } = await renderSignedIn();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Home');
    expect(screen.getByTestId('greeting').textContent).toMatch(/^Good (Morning|Afternoon|Evening)$/);
    expect(screen.getByTestId('user-name')).toHaveTextContent('Asha Verma');
    expect(screen.getByTestId('today')).toHaveTextContent(formatDisplayDate(new Date()));
    expect(screen.getByTestId('user-menu-button')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Soil LIMS' })).toBeInTheDocument(); // BlankHomePage: the logo
    expect(mocked.menuOfUser).toHaveBeenCalledWith({ username: 'asha', accessToken: 'acc-456', userid: 7, usergroupid: 2 });
    task?.cancel();
  });

  it('renders the three-level menu with collapsible groups and navigates with the item label as title', async () => {
    const { task } = await renderSignedIn();
    const sidebar = screen.getByTestId('sidebar');

    // Level 1: a link and two groups, closed.
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const lab = within(sidebar).getByRole('button', { name: 'Laboratory' });
    expect(lab).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar).queryByRole('link', { name: 'Sample Inward' })).not.toBeInTheDocument();

    // Level 2.
    fireEvent.click(lab);
    expect(lab).toHaveAttribute('aria-expanded', 'true');
    expect(within(sidebar).getByRole('link', { name: 'Sample Inward' })).toBeInTheDocument();
    const activities = within(sidebar).getByRole('button', { name: 'Activities' });

    // Level 3.
    fireEvent.click(activities);
    const level1 = within(sidebar).getByRole('link', { name: 'Level 1 Activity' });
    expect(within(sidebar).getByRole('link', { name: 'Level 2 Activity' })).toBeInTheDocument();

    fireEvent.click(level1);
    await waitFor(() => expect(location()).toBe('/ActivityTransactionHome'));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Level 1 Activity');
    expect(localStorage.getItem(STORAGE_KEYS.pageTitle)).toBe('Level 1 Activity');
    // The real Level 1 list (lazily loaded), inside the shell.
    expect(await screen.findByRole('columnheader', { name: 'Isolate Code' })).toBeInTheDocument();
    expect(screen.queryByText('This screen is not available yet.')).not.toBeInTheDocument();

    // A menu link with a space in it.
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Administration' }));
    fireEvent.click(within(sidebar).getByRole('link', { name: 'Menu By User' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Menu By User' })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Menu By User');
    task?.cancel();
  });

  it('toggling the sidebar persists to localStorage and survives a reload', async () => {
    const first = await renderSignedIn();
    const toggle = screen.getByTestId('sidebar-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'true');

    fireEvent.click(toggle);
    expect(localStorage.getItem(STORAGE_KEYS.sidebarOpen)).toBe('false');
    expect(screen.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
    // Closed: a rail of main-item badges, named by their labels.
    const rail = within(screen.getByTestId('sidebar'));
    expect(rail.getByRole('link', { name: 'Dashboard' })).toHaveTextContent('Da');
    expect(rail.getByRole('button', { name: 'Laboratory' })).toHaveTextContent('La');
    expect(rail.queryByRole('link', { name: 'Sample Inward' })).not.toBeInTheDocument();
    first.task?.cancel();
    first.unmount();

    // "Reload": a new store and tree read the stored state.
    const second = renderWithApp(<AppRoutes />, { route: '/BlankHomePage', bridge: false });
    expect(await screen.findByTestId('sidebar')).toHaveAttribute('data-open', 'false');
    // Choosing a group on the rail opens the sidebar on that group.
    fireEvent.click(within(screen.getByTestId('sidebar')).getByRole('button', { name: 'Laboratory' }));
    expect(localStorage.getItem(STORAGE_KEYS.sidebarOpen)).toBe('true');
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open', 'true');
    expect(within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Sample Inward' })).toBeInTheDocument();
    second.task?.cancel();
  });

  it('the user menu offers the Activity Log only to a Top Role user', async () => {
    const { task } = await renderSignedIn('/BlankHomePage', { toprole: false });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Activity Log' })).toBeNull();
    task?.cancel();
  });

  it('the user menu opens Settings and Activity Log, and Logout signs out', async () => {
    const { store, task } = await renderSignedIn('/BlankHomePage', { toprole: true });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(location()).toBe('/changePassword'));
    expect(await screen.findByLabelText('Existing Username')).toHaveValue('asha');
    expect(screen.getByLabelText('Existing Username')).toHaveAttribute('readonly');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Change Password');

    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Activity Log' }));
    await waitFor(() => expect(location()).toBe('/auditLog'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Activity Log' })).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(mocked.logout).toHaveBeenCalledTimes(1);
    expect(store.getState().session.status).toBe('signedOut');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await act(async () => {
      task?.cancel();
    });
  });
});

describe('routing guards', () => {
  it('opens a screen only when the menu grants it (the home page needs no grant)', async () => {
    // The menu grants Sample Inward, not Department (typed into the address bar, or an old bookmark).
    const { task } = await renderSignedIn('/departmentHome');
    expect(await screen.findByText('This screen is not in your menu. Please ask an administrator to grant it.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Department' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Department Code' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(location()).toBe('/BlankHomePage'));
    expect(screen.queryByText(/not in your menu/)).not.toBeInTheDocument();

    // A granted screen opens from its menu link.
    fireEvent.click(within(screen.getByTestId('sidebar')).getByRole('button', { name: 'Laboratory' }));
    fireEvent.click(within(screen.getByTestId('sidebar')).getByRole('link', { name: 'Sample Inward' }));
    await waitFor(() => expect(location()).toBe('/SampleInwardHome'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sample Inward' })).toBeInTheDocument();
    expect(screen.queryByText(/not in your menu/)).not.toBeInTheDocument();
    task?.cancel();
  });


  it('sends a signed-out user to /login from any route', async () => {
    const { task } = renderWithApp(<AppRoutes />, { route: '/departmentHome', bridge: false });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    task?.cancel();
  });

  it('sends the empty path and unknown paths home when signed in', async () => {
    const { task } = await renderSignedIn('/no-such-screen');
    await waitFor(() => expect(location()).toBe('/BlankHomePage'));
    task?.cancel();
  });
});

describe('notifications across a sign-out', () => {
  it('still shows toasts after the store was reset (ids restart)', async () => {
    const { task } = await renderSignedIn();
    mocked.signIn.mockResolvedValue({ message: 'Invalid' });
    // Toasts with ids 1 and 2 while signed in (empty change-password form).
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    // One toast per attempt: the first message in field order.
    expect(await screen.findByText(PASSWORD_CHANGE_MSG.currentRequired, { selector: '[data-testid=toast] span' })).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));

    // First toast of the new store: id 1 again.
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is Required!', { selector: '[data-testid=toast] span' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'asha' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Your Login Credentials Are Wrong!')).toBeInTheDocument();
    await act(async () => {
      task?.cancel();
    });
  });
});
