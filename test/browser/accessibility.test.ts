/**
 * Accessibility (issue 6.8): axe-core over every main screen (no serious or critical violation), and the
 * everyday forms used with the keyboard alone (sign-in and password change, a master form, the microbe search). Runs on the demo lab so that lists and forms hold data.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn, startServer, ADMIN_INITIAL_PASSWORD, type RunningServer } from './support/harness';

const AXE = require.resolve('axe-core/axe.min.js');

/** The main screens: every list and form of the route table that opens without an id, plus a few with one. */
const SCREENS = [
  'login', 'BlankHomePage', 'dashboard', 'checkData', 'changePassword',
  'userHomepage', 'user', 'userActivityAccess', 'activityHome', 'activity', 'paramconf',
  'departmentHome', 'department', 'designationHome', 'designation', 'UnitMeasureHome', 'UnitMeasure',
  'CommonMasterTypeHome', 'CommonMasterType', 'CommonMasterHome', 'CommonMaster', 'CommonMasterEntry',
  'WorkFlowroleHomepage', 'workflowrole',
  'SampleInwardHome', 'sampleInverd', 'Isolate', 'ActivityTransactionHome', 'level2activityHome', 'level2activityEntry',
  'MicrobeMaster', 'MicrobeMasterEntry', 'MicrobeIdentification', 'SearchMicrobe', 'showallrecords',
  'Menu By User', 'newGrouphome', 'newGroup', 'auditLog',
];

let server: RunningServer;
let browser: Browser;
let page: Page;

interface Violation { id: string; impact: string; help: string; nodes: Array<{ target: string[]; html: string }> }

async function seriousViolations(p: Page): Promise<Violation[]> {
  await p.addScriptTag({ path: AXE });
  const result = await p.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (result.violations as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('sign-in, first-login password change and sign-in again with the keyboard alone', async () => {
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('Username').focus();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN_INITIAL_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/changePassword\/\d+$/);
  await page.getByLabel('Enter New Password').focus();
  await page.keyboard.type('Keeper@Soil2026');
  await page.keyboard.press('Tab');
  // A visibility toggle may sit between the two fields: tab until the second field has focus.
  for (let i = 0; i < 3 && !(await page.getByLabel('Re-Enter Password').evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.type('Keeper@Soil2026');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/login$/);
  await signIn(page, server.url, 'admin', 'Keeper@Soil2026');
  await page.waitForURL(/#\/BlankHomePage$/);
});

test('a master form is filled and saved with the keyboard alone', async () => {
  await page.goto(`${server.url}/#/department`);
  await page.getByLabel('Code').focus();
  await page.keyboard.type('KEYB');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard Department');
  await page.keyboard.press('Enter');
  await page.getByText('Record Saved Successfully!').first().waitFor();
  await page.waitForURL(/#\/departmentHome$/);
});

/** Presses Tab until `target` has the focus (at most `max` times); fails when it never does. */
async function tabTo(target: ReturnType<Page['getByRole']>, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((e) => e === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the keyboard never reached the element');
}

test('the microbe search is used with the keyboard alone: tick a parameter, type its value, search, open a record', async () => {
  await page.goto(`${server.url}/#/SearchMicrobe`);
  const source = page.getByRole('checkbox', { name: 'Source' });
  await source.waitFor();
  await source.focus();
  await page.keyboard.press('Space');
  const value = page.getByRole('textbox', { name: 'Source' });
  await tabTo(value);
  await page.keyboard.type('field');
  await tabTo(page.getByRole('main').getByRole('button', { name: 'Search', exact: true }));
  await page.keyboard.press('Enter');
  await page.getByText(/^\d[\d,]*\+? found/).waitFor();
  const show = page.getByRole('button', { name: 'Show' }).first();
  await tabTo(show, 80);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/^Detailed Records for: /).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('no serious or critical axe violation on any main screen', async () => {
  // Its own context, signed out, allowed to inject axe past the app's content security policy.
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })).newPage();
  const found: string[] = [];
  for (const route of SCREENS) {
    await page.goto(`${server.url}/#/${encodeURI(route)}`);
    if (route === 'login') {
      await page.getByLabel('Username').waitFor();
    } else {
      await page.getByTestId('page-title').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300); // lazy chunks and first data
      // Colours measured mid-transition (a button turning from disabled to enabled) are not the real ones.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
    }
    let violations = await seriousViolations(page);
    if (violations.length) {
      // A screen caught mid-change (a list reloading, buttons re-enabling): look again once it has settled.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      violations = await seriousViolations(page);
    }
    for (const v of violations) {
      found.push(`${route}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
    }
    if (route === 'login') await signIn(page, server.url, 'admin', 'Keeper@Soil2026').then(() => page.waitForURL(/#\/BlankHomePage$/));
  }
  if (found.length) await screenshot(page, 'accessibility-last');
  expect(found).toEqual([]);
}, 600_000);
