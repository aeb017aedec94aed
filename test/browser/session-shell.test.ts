import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encryptForTransport } from '../../src/shared/transport/aes';
import { ADMIN_INITIAL_PASSWORD, launchBrowser, screenshot, signIn, startServer, type RunningServer } from './support/harness';
import { formatDisplayDate, greeting } from '../../src/shared/format/greeting';

const NEW_PASSWORD = 'Keeper@Soil2026';
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const storage = () => page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));

test('a protected route while signed out lands on /login', async () => {
  await page.goto(`${server.url}/#/departmentHome`);
  await page.waitForURL(/#\/login$/);
  await page.goto(`${server.url}/`);
  await page.waitForURL(/#\/login$/);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
});

test('empty sign-in shows the validation texts', async () => {
  await page.goto(`${server.url}/#/login`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Username is Required!').first().waitFor();
  await page.getByText('Password is Required!').first().waitFor();
  await screenshot(page, 'login');
});

test('a wrong password shows the OOPS! toast', async () => {
  await signIn(page, server.url, 'admin', 'not-the-password');
  await page.getByText('Your Login Credentials Are Wrong!').waitFor();
  await signIn(page, server.url, 'nobody', 'whatever1');
  await page.getByText('This Username or Password Does Not Exist!').waitFor();
});

test('first login forces the password change, then the admin signs in to the shell', async () => {
  await signIn(page, server.url, 'admin', ADMIN_INITIAL_PASSWORD);
  await page.waitForURL(/#\/changePassword\/\d+$/);
  await page.getByLabel('Enter New Password').fill(NEW_PASSWORD);
  await screenshot(page, 'change-password');
  await page.getByLabel('Re-Enter Password').fill('Mismatch@2026');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('password Not Matched!').first().waitFor();
  await page.getByLabel('Re-Enter Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Your Password Changed Successfully!').waitFor();
  await page.waitForURL(/#\/login$/);

  await signIn(page, server.url, 'admin', NEW_PASSWORD);
  await page.waitForURL(/#\/BlankHomePage$/);
  const now = new Date();
  await expect(page.getByTestId('greeting').textContent()).resolves.toContain(greeting(now));
  await expect(page.getByTestId('today').textContent()).resolves.toContain(formatDisplayDate(now));
  await expect(page.getByTestId('user-name').textContent()).resolves.toContain('System Administrator');
  // the server-built menu: main, sub and child items
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('Laboratory', { exact: true }).click();
  await sidebar.getByText('Activities', { exact: true }).click();
  await sidebar.getByText('Level 1 Activity', { exact: true }).click();
  await page.waitForURL(/#\/ActivityTransactionHome$/);
  await expect(page.getByTestId('page-title').textContent()).resolves.toBe('Level 1 Activity');
  await screenshot(page, 'shell');
  const s = await storage();
  expect(s.local.Token).toBeTruthy();
  expect(s.local.dbName).toBe('soillims');

  // Settings lists the user's sessions in a grid: this browser is marked and can be ended.
  await page.goto(`${server.url}/#/changePassword`);
  const sessions = page.getByRole('grid', { name: 'Your sessions' });
  await sessions.getByText('This browser').waitFor();
  await sessions.getByRole('button', { name: /^End session: .* \(this browser\)$/ }).waitFor();
  await screenshot(page, 'settings-sessions');
});

test('the sidebar state survives a reload', async () => {
  const waitForSidebar = (open: boolean) =>
    page.waitForFunction((o) => {
      const el = document.querySelector('[data-testid="sidebar"]');
      return el !== null && el.getBoundingClientRect().width > 100 === o;
    }, open);
  const before = (await page.getByTestId('sidebar').boundingBox())!.width > 100;
  await page.getByTestId('sidebar-toggle').click();
  await waitForSidebar(!before);
  await page.reload();
  await waitForSidebar(!before); // the drawer comes back as it was left, without a click
  await page.getByTestId('sidebar-toggle').click();
  await waitForSidebar(before);
});

test('a revoked session asks to sign in again over the open screen, which stays', async () => {
  // The same user changes the password from another client: the server ends all their sessions.
  const post = (p: string, body: object, h: Record<string, string> = {}) =>
    fetch(server.url + p, { method: 'POST', headers: { 'content-type': 'application/json', ...h }, body: JSON.stringify(body) }).then((r) => r.json());
  const key = '8080808080808080';
  const other = await post('/api/auth/signin', { username: 'admin', password: encryptForTransport(NEW_PASSWORD, key) });
  expect(other.message).toBe('SUCCESS');
  const later = 'Quiet-Harbour-Lantern-27';
  const ch = await post(
    '/api/auth/changePassword',
    {
      userid: other.id, username: 'admin', password: encryptForTransport(later, key), password1: encryptForTransport(later, key),
      currentPassword: encryptForTransport(NEW_PASSWORD, key),
    },
    { authorization: `Bearer ${other.accessToken}`, token: other.token, dbname: other.dbName },
  );
  expect(ch.status).toBe('OK');
  // Any navigation runs the session check: the sign-in dialog opens over the screen, which stays where it was.
  await page.goto(`${server.url}/#/dashboard`);
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await dialog.getByLabel(/^Password/).fill(later);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL(/#\/dashboard$/);
});

test('logout clears all browser storage and returns to login', async () => {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/#\/login$/);
  const s = await storage();
  expect(s).toEqual({ local: {}, session: {} });
  await page.goto(`${server.url}/#/BlankHomePage`);
  await page.waitForURL(/#\/login$/);
});
