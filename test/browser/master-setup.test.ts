/**
 * Setting up a lab from an empty database through the screens alone (issue 3, "Browser"): common master
 * types with plain and dependent entries (States of India -> District), parameter configuration of a
 * Level 1 activity, and a workflow role with a user and a reporting manager who then signs in. One server
 * with SEED_DEMO=off for the file (the demo lab already has States of India); the scenarios run in order
 * and later ones use what earlier ones created.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn, signInAdminFirstTime, startServer, type RunningServer, waitForToast } from './support/harness';

const ADMIN_PASSWORD = 'Keeper@Soil2026';
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'off' }), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
  await signInAdminFirstTime(page, server.url, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (text: string) => waitForToast(page, text);
const go = (hash: string) => page.goto(`${server.url}/#${hash}`);
const row = (text: string) => page.getByRole('row').filter({ hasText: text });

/** Creates a common master type through its form and opens its entries screen. */
async function createTypeAndOpenEntries(code: string, type: string): Promise<void> {
  await go('/CommonMasterTypeHome');
  await page.getByRole('link', { name: 'Add' }).click();
  await page.waitForURL(/#\/CommonMasterType$/);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Type', { exact: true }).fill(type);
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/CommonMasterTypeHome$/);
  await row(type).getByRole('link', { name: 'Entries' }).click();
  await page.waitForURL(/#\/CommonMasterEntry\/\d+$/);
}

async function addPlainEntry(shortname: string, value: string): Promise<void> {
  await page.getByRole('link', { name: 'Add' }).click();
  await page.waitForURL(/#\/CommonMaster\/\d+$/);
  await page.getByLabel('Shortname', { exact: true }).fill(shortname);
  await page.getByLabel('Value', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/CommonMasterEntry\/\d+$/);
  await row(value).waitFor();
}

async function addDependentEntries(parentType: string, parent: string, values: string): Promise<void> {
  await page.getByRole('link', { name: 'Add' }).click();
  await page.waitForURL(/#\/CommonMaster\/\d+$/);
  await page.getByLabel('Dependency', { exact: true }).check();
  await page.getByLabel('Master Type', { exact: true }).selectOption({ label: parentType });
  await page.getByLabel('Depends On', { exact: true }).locator('option', { hasText: parent }).waitFor({ state: 'attached' });
  await page.getByLabel('Depends On', { exact: true }).selectOption({ label: parent });
  await page.getByLabel('Values', { exact: true }).fill(values);
  await page.getByText('Correct Format.', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/CommonMasterEntry\/\d+$/);
}


/** Waits (the form loads its record after the route changes) until a field shows the value. */
async function hasValue(label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  for (let i = 0; i < 100 && (await field.inputValue()) !== value; i++) await page.waitForTimeout(50);
  expect(await field.inputValue()).toBe(value);
}

test('a: States of India with two states, and District entries depending on them', async () => {
  await createTypeAndOpenEntries('STATE', 'States of India');
  await addPlainEntry('MH', 'Maharashtra');
  await addPlainEntry('KA', 'Karnataka');
  await screenshot(page, 'master-setup-a1-states');

  await createTypeAndOpenEntries('DIST', 'District');
  await page.getByRole('link', { name: 'Add' }).click();
  await page.getByLabel('Dependency', { exact: true }).check();
  // the format check as the user types; Save only while the text is valid
  const values = page.getByLabel('Values', { exact: true });
  await values.fill('PUN-Pune');
  await page.getByText('Incorrect Format ! String Must Be Same As Per The Given Format', { exact: true }).waitFor();
  await expect(page.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
  await screenshot(page, 'master-setup-a2-incorrect-format');
  await values.fill('PUN:Pune,NAG:Nagpur');
  await page.getByText('Correct Format.', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save' }).waitFor();
  // the pairs table with inline edit
  await page.getByRole('button', { name: 'Edit row 2' }).click();
  await page.getByLabel('Name 2', { exact: true }).fill('Nagpur City');
  await page.getByRole('button', { name: 'Save row 2' }).click();
  await page.getByRole('cell', { name: 'Nagpur City', exact: true }).waitFor();
  await page.getByLabel('Master Type', { exact: true }).selectOption({ label: 'States of India' });
  await page.getByLabel('Depends On', { exact: true }).locator('option', { hasText: 'MH - Maharashtra' }).waitFor({ state: 'attached' });
  await page.getByLabel('Depends On', { exact: true }).selectOption({ label: 'MH - Maharashtra' });
  await screenshot(page, 'master-setup-a3-dependency-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/CommonMasterEntry\/\d+$/);

  await addDependentEntries('States of India', 'KA - Karnataka', 'BLR:Bengaluru');

  // the District list shows each entry with the state it depends on
  for (const [name, state] of [['Pune', 'Maharashtra'], ['Nagpur City', 'Maharashtra'], ['Bengaluru', 'Karnataka']]) {
    await row(name).filter({ hasText: state }).waitFor();
  }
  await page.getByTestId('entries-type').getByText('Master Type: District').waitFor();
  await screenshot(page, 'master-setup-a4-districts');

  // editing a dependent entry shows its dependency filled in; Shortname and Value change
  await row('Pune').getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(/#\/EditCommonMaster\/\d+$/);
  await hasValue('Value', 'Pune');
  await expect(page.getByLabel('Dependency', { exact: true }).isChecked()).resolves.toBe(true);
  await hasValue('Master Type', 'States of India');
  await hasValue('Depends On', 'MH - Maharashtra');
  await screenshot(page, 'master-setup-a5-edit-dependent');
  await page.getByLabel('Value', { exact: true }).fill('Pune City');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await row('Pune City').filter({ hasText: 'Maharashtra' }).waitFor();

  // the menu's entries screen (and /CommonMasterEntry without a type) asks for the type first
  await go('/CommonMasterEntry');
  await page.getByLabel('Master Type', { exact: true }).selectOption({ label: 'District' });
  await row('Bengaluru').filter({ hasText: 'Karnataka' }).waitFor();
});

/** Fills the parameter form of the configuration screen and adds the row to the table. */
async function addParameter(p: { shortname: string; name: string; type: string; unit: string; entry?: string }, more?: () => Promise<void>) {
  await page.getByLabel('Short Name', { exact: true }).fill(p.shortname);
  await page.getByLabel('Parameter Name', { exact: true }).fill(p.name);
  await page.getByLabel('Type', { exact: true }).selectOption(p.type);
  await page.getByLabel('Parameters', { exact: true }).selectOption(p.entry ?? 'User Entry');
  await page.getByLabel('Unit Type', { exact: true }).selectOption(p.unit);
  if (more) await more();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('row').filter({ hasText: `(${p.shortname})` }).waitFor();
}

test('c: three parameters of different types on a Level 1 activity, saved and seen again', async () => {
  await go('/activity');
  await page.getByLabel('Short Name', { exact: true }).fill('CFU');
  await page.getByLabel('Type', { exact: true }).fill('Colony Count');
  await page.getByLabel('Activity Level', { exact: true }).selectOption('Level 1');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/activityHome$/);
  await row('Colony Count').getByRole('link', { name: 'Parameters' }).click();
  await page.waitForURL(/#\/paramactivity\/\d+$/);
  const activityUrl = page.url();
  await hasValue('Activity Name', 'Colony Count');

  await addParameter({ shortname: 'PH', name: 'Soil pH', type: 'Number', unit: 'Float' }, async () => {
    await page.getByLabel('Decimal Places', { exact: true }).fill('2');
  });
  await addParameter({ shortname: 'CDATE', name: 'Collection Date', type: 'Date-Control', unit: 'Date' }, async () => {
    await page.getByLabel('Before or equal to the current date', { exact: true }).check();
  });
  await addParameter({ shortname: 'STATE', name: 'Sample State', type: 'Dropdown', unit: 'MasterData', entry: 'User Selection' }, async () => {
    await page.getByLabel('Common Master Type', { exact: true }).selectOption({ label: 'States of India' });
  });
  await screenshot(page, 'master-setup-c1-parameters');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/activityHome$/);

  // reopened, directly and through the activity picker of /paramconf
  await page.goto(activityUrl);
  const configured = page.getByRole('grid', { name: 'Configured parameters' });
  await configured.getByRole('row').filter({ hasText: 'Soil pH (PH)' }).waitFor();
  await go('/paramconf');
  await page.getByLabel('Activity', { exact: true }).selectOption({ label: 'CFU - Colony Count' });
  for (const [name, config] of [['Soil pH (PH)', 'Number'], ['Collection Date (CDATE)', 'Date-Control'], ['Sample State (STATE)', 'Dropdown']]) {
    await configured.getByRole('row').filter({ hasText: name }).filter({ hasText: config }).waitFor();
  }
  await expect(configured.getByRole('row').count()).resolves.toBe(4); // header + 3
  await expect(configured.getByRole('row').filter({ hasText: 'Sample State' }).textContent()).resolves.toContain('States of India');
  await screenshot(page, 'master-setup-c2-reopened');
});

/** Fills the user master form and saves it; answers the initial password the admin sees once. */
async function createUser(u: { code: string; salutation: string; gender: string; first: string; last: string; mobile: string; email: string; username: string; role: string }) {
  await go('/user');
  await page.getByLabel('User Code', { exact: true }).fill(u.code);
  await page.getByLabel('Salutation', { exact: true }).selectOption(u.salutation);
  await page.getByLabel('Gender', { exact: true }).selectOption(u.gender);
  await page.getByLabel('First Name', { exact: true }).fill(u.first);
  await page.getByLabel('Last Name', { exact: true }).fill(u.last);
  await page.getByLabel('Mobile No', { exact: true }).fill(u.mobile);
  await page.getByLabel('Email ID', { exact: true }).fill(u.email);
  await page.getByLabel('Department', { exact: true }).locator('option', { hasText: 'Microbiology' }).waitFor({ state: 'attached' });
  await page.getByLabel('Department', { exact: true }).selectOption({ label: 'Microbiology' });
  await page.getByLabel('Workflow Role', { exact: true }).locator('option', { hasText: u.role }).waitFor({ state: 'attached' });
  await page.getByLabel('Workflow Role', { exact: true }).selectOption({ label: u.role });
  await page.getByLabel('User Group', { exact: true }).locator('option', { hasText: 'Laboratory Staff' }).waitFor({ state: 'attached' });
  await page.getByLabel('User Group', { exact: true }).selectOption({ label: 'Laboratory Staff' });
  await page.getByLabel('User Name', { exact: true }).fill(u.username);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'User created' });
  await dialog.waitFor();
  const text = (await dialog.getByTestId('initial-password').textContent()) ?? '';
  const m = new RegExp(`^Initial password for ${u.username}: (\\S+)$`).exec(text.trim());
  expect(m).not.toBeNull();
  await screenshot(page, `master-setup-b-initial-password-${u.username}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  return m![1];
}

test('b: a workflow role, a user with it and a reporting manager; the user signs in with the initial password', async () => {
  await go('/workflowrole');
  await page.getByLabel('Shortname', { exact: true }).fill('ANALYST');
  await page.getByLabel('Role', { exact: true }).fill('Soil Analyst');
  await page.getByLabel('Hierarchy', { exact: true }).fill('30');
  for (const p of ['Add', 'View', 'Edit']) await page.getByLabel(p, { exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/WorkFlowroleHomepage$/);
  await row('Soil Analyst').waitFor();

  // a clean lab has no department yet
  await go('/department');
  await page.getByLabel('Code', { exact: true }).fill('MICRO');
  await page.getByLabel('Department Name', { exact: true }).fill('Microbiology');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/departmentHome$/);

  // the manager holds the seeded Reporting Manager role, which may approve; the analyst's role may not
  await createUser({ code: 'RM001', salutation: 'Ms.', gender: 'Female', first: 'Kavita', last: 'Desai', mobile: '9876543210', email: 'kavita@lab.in', username: 'kavita', role: 'Reporting Manager' });
  const password = await createUser({ code: 'AN001', salutation: 'Mr.', gender: 'Male', first: 'Rahul', last: 'Joshi', mobile: '8765432109', email: 'rahul@lab.in', username: 'rahul', role: 'Soil Analyst' });

  // activity access: the reporting manager among the users who can approve, and the activity of scenario c
  await go('/userHomepage');
  await row('AN001').getByRole('link', { name: 'Activity Access' }).click();
  await page.waitForURL(/#\/userActivityAccess\/\d+$/);
  const manager = page.getByLabel('Move To Resource Name', { exact: true });
  await manager.locator('option', { hasText: 'Kavita Desai' }).waitFor({ state: 'attached' });
  await manager.selectOption({ label: 'Kavita Desai (Reporting Manager)' });
  await page.getByLabel('Select Colony Count', { exact: true }).check();
  await screenshot(page, 'master-setup-b1-activity-access');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/userHomepage$/);

  // sign out; the new user signs in with the initial password and must change it first
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/#\/login$/);
  await signIn(page, server.url, 'rahul', password);
  await page.waitForURL(/#\/changePassword\/\d+$/);
  await page.getByLabel('Enter New Password').fill('Field@Notes2026');
  await page.getByLabel('Re-Enter Password').fill('Field@Notes2026');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/#\/login$/);
  await signIn(page, server.url, 'rahul', 'Field@Notes2026');
  await page.waitForURL(/#\/BlankHomePage$/); // the shell with the menu of the Laboratory Staff group
  await page.getByTestId('sidebar').getByText('Laboratory', { exact: true }).waitFor();
  await expect(page.getByTestId('user-name').textContent()).resolves.toContain('Rahul');
  await screenshot(page, 'master-setup-b2-user-shell');
});
