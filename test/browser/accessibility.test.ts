/**
 * Accessibility: axe-core over every route of the route table, as the admin and as a lab-staff user (no
 * critical, serious or moderate violation), the everyday forms used with the keyboard alone (sign-in and password
 * change, a master form, the microbe search), where the keyboard focus goes after a move, 320 CSS px without
 * sideways scrolling, and a changed form that asks before it is left. Runs on the demo lab so that lists and
 * forms hold data.
 */
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '../../src/shared/contract/routes';
import { callApi, launchBrowser, screenshot, signIn, signInFirstTime, startServer, ADMIN_INITIAL_PASSWORD, type RunningServer, sidebarItem } from './support/harness';

const AXE = require.resolve('axe-core/axe.min.js');
const ADMIN_PASSWORD = 'Keeper@Soil2026';
const DEMO_PASSWORD = 'Demo@12345';
const STAFF_PASSWORD = 'Bench@Soil2026';

let server: RunningServer;
let browser: Browser;
let page: Page;

interface Violation { id: string; impact: string; help: string; nodes: Array<{ target: string[]; html: string }> }

/** Violations that count: everything but 'minor'. */
async function violations(p: Page): Promise<Violation[]> {
  await p.addScriptTag({ path: AXE });
  const result = await p.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (result.violations as Violation[]).filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate');
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const isFocused = (p: Page, selector: string) => p.evaluate((s) => document.activeElement === document.querySelector(s), selector);
const focusedTag = (p: Page) => p.evaluate(() => {
  const e = document.activeElement;
  return e ? `${e.tagName.toLowerCase()}${e.closest('main') ? ' in main' : ''}` : 'none';
});

test('a failed sign-in gives the focus back to the first field', async () => {
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'username');
  expect(await isFocused(page, '#username')).toBe(true);
  await page.reload(); // a fresh form for the next test
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
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press('Tab');
  // A visibility toggle may sit between the two fields: tab until the second field has focus.
  for (let i = 0; i < 3 && !(await page.getByLabel('Re-Enter Password').evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.type(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/login$/);
  await signIn(page, server.url, 'admin', ADMIN_PASSWORD);
  await page.waitForURL(/#\/BlankHomePage$/);
  // After signing in the focus is on the page, not dropped to the document body.
  await page.waitForFunction(() => document.activeElement?.closest('main') !== null);
});

test('after a move from the sidebar the focus is on the new page\'s heading, and Tab goes on into the page', async () => {
  await page.goto(`${server.url}/#/BlankHomePage`);
  const item = await sidebarItem(page, /Master/, 'Department');
  // Reached with the keyboard (a focus ring shows for keyboard focus, not for a click).
  await item.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  // The sidebar item's focus ring is visible (an outline, not only a faint fill).
  expect(await item.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/departmentHome$/);
  await page.waitForFunction(() => /^h[1-4]$/i.test(document.activeElement?.tagName ?? '') && document.activeElement?.closest('main') !== null);
  expect(await focusedTag(page)).toMatch(/^h[1-4] in main$/);
  await page.keyboard.press('Tab');
  expect(await focusedTag(page)).toMatch(/in main$/);
});

test('the Level 1 screen reaches its first field within 3 Tabs', async () => {
  await page.goto(`${server.url}/#/BlankHomePage`);
  await page.goto(`${server.url}/#/ActivityTransactionHome`);
  const field = page.getByLabel('Search Text');
  await field.waitFor();
  await page.waitForFunction(() => document.activeElement?.closest('main') !== null);
  let tabs = 0;
  while (!(await field.evaluate((e) => e === document.activeElement)) && tabs < 10) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  expect(tabs).toBeLessThanOrEqual(3);
});

test('a master form is filled and saved with the keyboard alone', async () => {
  await page.goto(`${server.url}/#/department`);
  await page.getByLabel('Code').focus();
  await page.keyboard.type('KEYB');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard Department');
  await page.keyboard.press('Enter');
  await page.getByText('Record Saved Successfully!').first().waitFor();
  // The success toast is readable: white on its green at 4.5:1 or more (WCAG AA), measured once it has faded in.
  await page.waitForTimeout(600);
  expect(await page.locator('.notistack-MuiContent-success').first().evaluate((e) => {
    const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const s = getComputedStyle(e);
    const [a, b] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  })).toBeGreaterThanOrEqual(4.5);
  // A saved form is left without the unsaved-changes question.
  await page.waitForURL(/#\/departmentHome$/);
  expect(await page.getByRole('dialog').count()).toBe(0);
});

test('a changed form asks before it is left by the sidebar or Back, and a reload asks the browser\'s question', async () => {
  // Into the form the way people go (Back can only be held for moves the app made itself).
  await page.goto(`${server.url}/#/departmentHome`);
  await page.reload();
  await page.getByRole('main').getByRole('link', { name: /Add/ }).first().click();
  await page.waitForURL(/#\/department$/);
  await page.getByLabel('Code').fill('HALF');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Designation', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await dialog.waitFor();
  await screenshot(page, 'unsaved-changes-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(page.url()).toMatch(/#\/department$/);
  await expect(page.getByLabel('Code').inputValue()).resolves.toBe('HALF');

  await page.goBack();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(page.url()).toMatch(/#\/department$/);

  // Reload: the browser's own question (beforeunload); dismissing it keeps the page and what was typed.
  let asked = '';
  page.once('dialog', (d) => {
    asked = d.type();
    void d.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(asked).toBe('beforeunload');
  await expect(page.getByLabel('Code').inputValue()).resolves.toBe('HALF');

  await sidebar.getByRole('link', { name: 'Designation', exact: true }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(/#\/designationHome$/);
});

test('every form that edits a record asks before it is left half-filled', async () => {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  const typeId = (await callApi<Array<{ id: number; type: string }>>(page, 'master', 'getCommasterTypefordropdown', {})).json
    .find((t) => t.type === 'Soil Type')?.id;
  const awaiting = (await callApi<Array<{ id: number; samplenov: string }>>(page, 'transaction', 'getIsolatesForIdentification', { pageno: 1 })).json[0];
  const activityId = (await callApi<Array<{ id: number }>>(page, 'master', 'getactivity', { pageno: 1 })).json[0]?.id;
  const employeeId = (await callApi<Array<{ resourceID: number }>>(page, 'master', 'getempmasterfroEmp', { pageno: 1 })).json[0]?.resourceID;
  // slow: an endpoint whose answer is held back, so the fill comes before the record (a slow network) and the
  // form must not take it back when the record arrives.
  const forms: Array<{ path: string; slow?: string; fill(): Promise<void> }> = [
    { path: '/sampleInverd', fill: () => page.locator('#sampleInward-source').fill('Half-typed field') },
    {
      path: '/Isolate',
      fill: async () => {
        await page.getByLabel('Create Isolate Code').uncheck();
        await page.getByLabel('Sample Code', { exact: true }).fill('SC000001');
        await page.getByRole('button', { name: 'Search Sample Code' }).click();
        await page.getByLabel('Soil pH').fill('6.5');
      },
    },
    { path: `/CommonMaster/${typeId}`, fill: () => page.getByLabel('Shortname').fill('HALF') },
    ...(awaiting ? [{ path: `/MicrobeIdentification/${awaiting.id}/${awaiting.samplenov}/1`, fill: () => page.getByLabel('Query Coverage').fill('55') }] : []),
    { path: `/Editparamconf/${activityId}`, slow: 'getActivityParametersByid', fill: () => page.getByLabel('Parameter Name', { exact: true }).fill('Half-typed parameter') },
    {
      path: `/CommonMaster/${typeId}`,
      fill: async () => {
        await page.getByLabel('Dependency', { exact: true }).check();
        await page.getByLabel('Values', { exact: true }).fill('HT:Half typed');
      },
    },
    { path: '/newGroup', fill: () => page.getByLabel('User Group', { exact: true }).fill('Half-typed group') },
    { path: `/userActivityAccess/${employeeId}`, fill: () => page.getByRole('checkbox', { name: 'Select all' }).click() },
  ];
  expect(forms).toHaveLength(8);
  for (const form of forms) {
    const slow = `**/api/*/${form.slow}`;
    if (form.slow) await page.route(slow, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${server.url}/#${form.path}`);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await form.fill();
    if (form.slow) await page.unroute(slow);
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`#${form.path}`);
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/#\/dashboard$/);
  }
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
  // The record's scrolling content takes the keyboard (it scrolls with the arrow keys).
  await tabTo(dialog.getByRole('region'), 10);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('at 320 CSS px the microbe search does not scroll sideways', async () => {
  const narrow = await (await browser.newContext({ viewport: { width: 320, height: 640 }, storageState: await page.context().storageState() })).newPage();
  await narrow.goto(`${server.url}/#/SearchMicrobe`);
  await narrow.getByRole('checkbox', { name: 'Source' }).click();
  await narrow.getByRole('textbox', { name: 'Source' }).waitFor();
  await screenshot(narrow, 'search-320');
  expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await narrow.context().close();
});

/** A route of the table with its parameters filled from the demo lab, or null when it cannot be opened by address. */
type Fill = (path: string) => string | null;

async function demoFill(p: Page, level1: boolean): Promise<Fill> {
  const api = async <T,>(group: string, name: string, body: unknown) => (await callApi<T>(p, group, name, body)).json;
  const l1 = (await api<Array<{ samplenov: string; sampleno: string; actid: number }>>('transaction', 'getactitransctionhome', { pageno: 1 }))[0];
  const l2 = (await api<Array<{ samplenov: string; sampleno: string; pncode: string; actid: number }>>('transaction', 'getLevel2ActivityHome', { pageno: 1 }))[0];
  return (path) => {
    if (path === '/changePassword/:id') return null; // the first-login screen, only for a user who must change it
    if (path.startsWith('/activityparam')) {
      return l1 && level1 ? path.replace(':id', String(l1.actid)).replace(':activitylevel', 'Level 1').replace(':samplenov', l1.samplenov).replace(':sampleno', l1.sampleno).replace(':pageno', '1') : null;
    }
    if (path.startsWith('/lvl2activityparam')) {
      return l2 ? path.replace(':id', String(l2.actid)).replace(':activitylevel', 'Level 2').replace(':samplenov', l2.samplenov).replace(':sampleno', l2.sampleno).replace(':plantassesmentcode', l2.pncode).replace(':pageno', '1') : null;
    }
    if (path.startsWith('/MicrobeIdentification/')) return l1 ? `/MicrobeIdentification/1/${l1.samplenov}/1` : null;
    return path.replace(/:(id|sum)\b/g, '1');
  };
}

async function scanAll(p: Page, who: string, fill: Fill, found: string[]): Promise<number> {
  let scanned = 0;
  for (const { path } of ROUTES) {
    if (path === '/login') continue;
    const target = fill(path);
    if (target === null) continue;
    await p.goto(`${server.url}/#${encodeURI(target)}`);
    await p.getByTestId('page-title').waitFor();
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(300); // lazy chunks and first data
    // Colours measured mid-transition (a button turning from disabled to enabled) are not the real ones.
    await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
    // Toasts come and go (their colours are checked where one is raised, see the master form test): scan the page without them.
    await p.waitForFunction(() => !document.querySelector('[data-testid=toast]'), undefined, { timeout: 10_000 }).catch(() => undefined);
    let list = await violations(p);
    if (list.length) {
      // A screen caught mid-change (a list reloading, buttons re-enabling): look again once it has settled.
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(1000);
      list = await violations(p);
    }
    scanned += 1;
    for (const v of list) {
      found.push(`${who} ${target}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
    }
  }
  return scanned;
}

test('no critical, serious or moderate axe violation on any route, as the admin and as a lab-staff user', async () => {
  const found: string[] = [];
  // Its own contexts, allowed to inject axe past the app's content security policy.
  const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })).newPage();
  await admin.goto(`${server.url}/#/login`);
  await admin.getByLabel('Username').waitFor();
  for (const v of await violations(admin)) found.push(`signed out /login: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  await signIn(admin, server.url, 'admin', ADMIN_PASSWORD);
  await admin.waitForURL(/#\/BlankHomePage$/);
  const adminScans = await scanAll(admin, 'admin', await demoFill(admin, true), found);

  const staff = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true })).newPage();
  await signInFirstTime(staff, server.url, 'staff1', DEMO_PASSWORD, STAFF_PASSWORD, async (p) => {
    // The screen's chunk may still be loading when the address changes: scan it once it is drawn.
    await p.getByLabel('Enter New Password').waitFor();
    await p.getByRole('main').waitFor();
    for (const v of await violations(p)) found.push(`staff1 first-login password change: ${v.impact} ${v.id} (${v.help})`);
  });
  const staffScans = await scanAll(staff, 'staff1', await demoFill(staff, true), found);

  expect(adminScans + staffScans).toBeGreaterThan(120);
  if (found.length) await screenshot(admin, 'accessibility-last');
  expect(found).toEqual([]);
}, 1_200_000);
