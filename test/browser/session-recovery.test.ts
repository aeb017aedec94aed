import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, launchBrowser, screenshot, signIn, signInAdminFirstTime, signInFirstTime, startServer, type RunningServer, dateShown, shownDay, typeDate } from './support/harness';

/**
 * The session ends under a form (ended on the server here): Save opens the sign-in dialog over the screen,
 * nothing typed is lost, signing in again in the dialog carries on and Save works. And a screen whose code
 * cannot be loaded says so with a Reload button instead of a white page.
 */
let server: RunningServer;
let browser: Browser;
let admin: Page;
let staff: Page;

const ADMIN_PASSWORD = 'Quartz-Loam#Sieve-2026';
const DEMO_PASSWORD = 'Demo@12345';
const STAFF_PASSWORD = 'Humus-Petri#Vortex-2026';
const DIALOG_TITLE = 'Your session has ended';

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  [admin, staff] = await Promise.all([newPage(), newPage()]);
  await signInAdminFirstTime(admin, server.url, ADMIN_PASSWORD);
  await signInFirstTime(staff, server.url, 'staff1', DEMO_PASSWORD, STAFF_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Ends the page's session on the server (as an idle expiry or a sign-out elsewhere would). */
async function endSessionOnServer(page: Page): Promise<void> {
  const { status } = await callApi(page, 'auth', 'logout', {});
  expect(status).toBe(200);
}

/** Presses `button`, meets the sign-in dialog, signs in again in it; the dialog closes. */
async function saveThroughExpiredSession(page: Page, button: string, password: string, shot: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG_TITLE });
  await dialog.waitFor();
  await screenshot(page, shot);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const isoDaysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

async function choose(page: Page, label: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

let otp = '';

test('Sample Inward: Save after the session ended asks to sign in again, keeps every value, then saves', async () => {
  await admin.goto(`${server.url}/#/sampleInverd`);
  await typeDate(admin, 'Sampling Date', isoDaysAgo(2));
  await admin.getByLabel('Sampled By', { exact: false }).first().fill('Draft Sampler');
  await choose(admin, 'States of India', 'Mah', 'Maharashtra');
  await choose(admin, 'District', 'Pun', 'Pune');
  await admin.getByLabel('GPS Location').fill('18.5204 N, 73.8567 E');
  await admin.getByLabel('Source').fill('Sugarcane field');
  await admin.getByLabel('Agro Climatic Zone').fill('Western Plateau and Hills');
  await admin.getByLabel('Temperature').fill('28 C');
  await admin.getByLabel('Minimum Rainfall').fill('600');
  await admin.getByLabel('Maximum Rainfall').fill('750.5');
  await choose(admin, 'Soil Type', 'Bla', 'Black Cotton');
  await admin.getByLabel('Soil Color').fill('Dark brown');

  await endSessionOnServer(admin);
  await saveThroughExpiredSession(admin, 'Save', ADMIN_PASSWORD, 'session-recovery-sample-inward');

  // Same screen, same values.
  expect(admin.url()).toMatch(/#\/sampleInverd$/);
  await expect(admin.getByLabel('Sampled By', { exact: false }).first().inputValue()).resolves.toBe('Draft Sampler');
  await expect(admin.getByLabel('GPS Location').inputValue()).resolves.toBe('18.5204 N, 73.8567 E');
  await expect(dateShown(admin, 'Sampling Date')).resolves.toBe(shownDay(isoDaysAgo(2)));
  await expect(admin.getByLabel('Maximum Rainfall').inputValue()).resolves.toBe('750.5');
  await expect(admin.getByRole('combobox', { name: 'District' }).inputValue()).resolves.toBe('Pune');

  await admin.getByRole('button', { name: 'Save' }).click();
  const saved = admin.getByRole('dialog');
  await saved.getByText('Sample Inward OTP Is :').waitFor();
  otp = (await saved.getByTestId('dialog-message').textContent())?.trim() ?? '';
  expect(otp).toMatch(/^\d{6}$/);
  await saved.getByRole('button', { name: 'OK' }).click();
  await admin.getByRole('row').filter({ hasText: 'Draft Sampler' }).waitFor();
});

test('Isolate: Save after the session ended asks to sign in again, keeps every value, then saves', async () => {
  expect(otp).not.toBe('');
  await admin.goto(`${server.url}/#/Isolate`);
  await admin.locator('#isolate-otp option', { hasText: otp }).waitFor({ state: 'attached' });
  await admin.getByLabel('OTP').selectOption(otp);
  await admin.waitForFunction(() => (document.querySelector('#isolate-next-code') as HTMLInputElement | null)?.value.startsWith('ISO'));
  // The sample type's lookup is asked after a typing pause; it must be answered before the session ends, or its
  // 401 (not Save) is what opens the sign-in dialog.
  const lookedUp = admin.waitForResponse((r) => r.url().includes('getMasterData'));
  await admin.getByRole('combobox', { name: 'Sample Type' }).fill('Rhizosphere soil');
  await lookedUp;
  await admin.getByLabel('Soil pH').fill('7.2');
  await admin.getByLabel('Soil EC').fill('0.45');
  await admin.getByLabel('Soil TDS').fill('320');

  await endSessionOnServer(admin);
  await saveThroughExpiredSession(admin, 'Save', ADMIN_PASSWORD, 'session-recovery-isolate');

  await expect(admin.getByLabel('OTP').inputValue()).resolves.toBe(otp);
  await expect(admin.getByLabel('Soil pH').inputValue()).resolves.toBe('7.2');
  await expect(admin.getByLabel('Soil TDS').inputValue()).resolves.toBe('320');
  await admin.getByRole('button', { name: 'Save' }).click();
  await admin.getByRole('dialog').getByText('Sample Code Is :').waitFor();
});

test('Level 1 activity: Submit after the session ended asks to sign in again, keeps every value, then submits', async () => {
  const rows = (await callApi<Array<{ samplenov: string; isolatecode: string }>>(staff, 'transaction', 'getactitransctionhome', { pageno: 1 })).json;
  let isolatecode = '';
  for (const r of rows) {
    const buttons = (await callApi<Array<{ shortname: string; status: string | null; mode: string }>>(staff, 'master', 'getactivityforparamconf', { samplenov: r.samplenov, activitylevel: 'Level 1' })).json;
    if (buttons.some((b) => b.shortname === 'BIOCH' && b.status === null && b.mode === 'owner')) {
      isolatecode = r.isolatecode;
      break;
    }
  }
  expect(isolatecode).not.toBe('');
  await staff.goto(`${server.url}/#/ActivityTransactionHome`);
  await staff.getByLabel('Search Text').fill(isolatecode);
  await staff.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(`^Open activities of ${isolatecode}`) }).click();
  await staff.getByRole('group', { name: 'Activities' }).getByRole('button', { name: 'BIOCH', exact: true }).click();
  await staff.getByText(/^Activity Transaction - .* Biochemical Tests : Level 1$/).waitFor();
  await staff.getByLabel(/^Catalase/).fill('Positive');
  await staff.getByLabel(/^Optimum pH/).fill('6.8');

  await endSessionOnServer(staff);
  await saveThroughExpiredSession(staff, 'Submit', STAFF_PASSWORD, 'session-recovery-level1');

  await expect(staff.getByLabel(/^Catalase/).inputValue()).resolves.toBe('Positive');
  await expect(staff.getByLabel(/^Optimum pH/).inputValue()).resolves.toBe('6.8');
  await staff.getByRole('button', { name: 'Submit' }).click();
  await staff.getByText('Record Saved Successfully!', { exact: true }).first().waitFor();
  await staff.waitForURL(/#\/ActivityTransactionHome$/); // the spec's ActivityTransactionHome/1 opens the list at page 1 (a bare address)
});

test('a screen whose code cannot be loaded shows a message and Reload, not a white page', async () => {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
  await page.waitForURL(/#\/BlankHomePage$/);
  // The server went away for the sample inward screen's code.
  await page.route(/\/js\/samples\.[0-9a-f]+\.js$/, (route) => route.abort('connectionrefused'));
  await page.goto(`${server.url}/#/SampleInwardHome`);
  await page.getByText('This screen could not be loaded').waitFor();
  // The shell around the screen stays: its menu button is there.
  await page.getByRole('button', { name: /^(Close|Open) menu$/ }).waitFor();
  await screenshot(page, 'chunk-load-failed');

  await page.unroute(/\/js\/samples\.[0-9a-f]+\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('columnheader', { name: 'Sample Inwarded No' }).waitFor();
  await context.close();
});
