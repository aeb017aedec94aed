import type { Browser, Page } from 'playwright-core';
import { callApi, launchBrowser, screenshot, signInFirstTime, startServer, type RunningServer, waitForToast } from './support/harness';

/**
 * The Level 1 workflow on the demo lab: staff1 (Vikram Patil) fills the not-yet-submitted Biochemical Tests
 * of an isolate and submits; the manager (Anita Rao) finds it in the queue and reverts it with a remark;
 * staff1 sees 'reverted by', fixes and resubmits; the manager approves.
 */
let server: RunningServer;
let browser: Browser;
let staff: Page;
let manager: Page;

const DEMO_PASSWORD = 'Demo@12345';
const NEW_PASSWORD = 'Lab@Work2026';

const firstSignIn = (page: Page, username: string) => signInFirstTime(page, server.url, username, DEMO_PASSWORD, NEW_PASSWORD);

async function newPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
}

const api = (p: Page, group: string, name: string, body: unknown) => callApi<unknown>(p, group, name, body);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  [staff, manager] = await Promise.all([newPage(), newPage()]);
  await firstSignIn(staff, 'staff1');
  await firstSignIn(manager, 'manager');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = waitForToast;

/** Signs in the signature dialog that Approve / Revert open: the meaning is shown, the manager's password re-entered. */
async function sign(page: Page, confirm: 'Sign and approve' | 'Sign and revert', shot?: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('signature-meaning').waitFor();
  await dialog.getByLabel(/^Password/).fill(NEW_PASSWORD);
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: confirm }).click();
}
const statusLine = (page: Page) => page.getByTestId('status-message');

test('submit, revert with a remark, resubmit, approve', async () => {
  // The isolate where staff1's Biochemical Tests is not submitted yet.
  const rows = (await api(staff, 'transaction', 'getactitransctionhome', { pageno: 1 })).json as Array<{ samplenov: string; isolatecode: string }>;
  let isolatecode = '';
  for (const r of rows) {
    const buttons = (await api(staff, 'master', 'getactivityforparamconf', { samplenov: r.samplenov, activitylevel: 'Level 1' })).json as Array<{ shortname: string; status: string | null; mode: string }>;
    if (buttons.some((b) => b.shortname === 'BIOCH' && b.status === null && b.mode === 'owner')) {
      isolatecode = r.isolatecode;
      break;
    }
  }
  expect(isolatecode).not.toBe('');

  // staff1: list -> search -> the isolate's activities -> Biochemical Tests
  await staff.goto(`${server.url}/#/ActivityTransactionHome`);
  await staff.getByRole('grid', { name: 'Level 1 activities' }).getByRole('row').nth(1).waitFor();
  await screenshot(staff, 'workflow-level1-list');
  // On a 320 CSS px phone the list needs no sideways page scroll and each row's action icon is in view.
  await staff.setViewportSize({ width: 320, height: 640 });
  const firstAction = staff.getByRole('link', { name: /^Open activities of / }).first();
  await firstAction.waitFor();
  // The grid lays itself out again after the resize (it measures its width then): wait for that, not a fixed time.
  await staff.waitForFunction(() => document.documentElement.scrollWidth <= 320, undefined, { timeout: 10_000 }).catch(() => undefined);
  await expect(staff.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
  // In view: not clipped by the grid (the element at the icon's centre is the icon's link), once the grid has laid
  // itself out for the narrow window (it measures its width after a resize); what covers it otherwise is named.
  const covering = () => firstAction.evaluate((link) => {
    const r = link.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return link.contains(hit) ? '' : `${hit?.outerHTML.slice(0, 200) ?? 'nothing'} at ${Math.round(r.x)},${Math.round(r.y)}`;
  });
  let covered = await covering();
  for (let i = 0; i < 20 && covered !== ''; i++) {
    await staff.waitForTimeout(250);
    covered = await covering();
  }
  expect(covered).toBe('');
  await screenshot(staff, 'workflow-level1-list-320');
  await staff.setViewportSize({ width: 1366, height: 900 });
  await staff.getByLabel('Search Text').fill(isolatecode);
  await staff.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(`^Open activities of ${isolatecode}`) }).click();
  await staff.getByRole('group', { name: 'Activities' }).getByRole('button', { name: 'BIOCH', exact: true }).click();
  await staff.getByText(/^Activity Transaction - .* Biochemical Tests : Level 1$/).waitFor();
  // A form opens without messages; a submit with empty mandatory fields shows them and one toast.
  await staff.getByLabel(/^Catalase/).waitFor();
  expect(await staff.getByText('Catalase is required.').count()).toBe(0);
  await staff.getByRole('button', { name: 'Submit' }).click();
  await toast(staff, 'Please fill all mandatory fields!');
  await staff.getByText('Catalase is required.').waitFor();
  await staff.getByLabel(/^Catalase/).fill('Positive');
  await staff.getByLabel(/^Optimum pH/).fill('7.456');
  await toast(staff, 'Please Check Decimal Values!');
  await staff.getByLabel(/^Optimum pH/).fill('6.8');
  await screenshot(staff, 'workflow-level1-filled');
  await staff.getByRole('button', { name: 'Submit' }).click();
  await toast(staff, 'Record Saved Successfully!');
  await staff.waitForURL(/#\/ActivityTransactionHome$/);

  // manager: the queue -> review -> revert with a remark
  await manager.goto(`${server.url}/#/BlankHomePage`);
  await manager.goto(`${server.url}/#/ActivityTransactionHome?queue=1`);
  await manager.getByRole('link', { name: `Review Biochemical Tests of ${isolatecode}` }).click();
  await statusLine(manager).filter({ hasText: 'Above activity came for approval by Vikram Patil.' }).waitFor();
  await screenshot(manager, 'workflow-manager-review');
  await manager.getByRole('button', { name: 'Revert' }).click();
  await toast(manager, 'Please Write a Remark of Revert!');
  await manager.getByLabel('Revert With Comment').check();
  await manager.getByLabel('Comments').fill('Optimum pH looks high for this soil; please recheck.');
  await manager.getByRole('button', { name: 'Revert' }).click();
  await sign(manager, 'Sign and revert', 'workflow-signature-revert');
  await toast(manager, 'Reverted Successfully!');
  await manager.waitForURL(/#\/ActivityTransactionHome$/);

  // staff1: reverted by the manager, with the remark; fix and resubmit
  await staff.getByLabel('Search Text').fill(isolatecode);
  await staff.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(`^Open activities of ${isolatecode}: Reverted`) }).click();
  await staff.getByRole('group', { name: 'Activities' }).getByRole('button', { name: 'BIOCH (R)' }).click();
  await statusLine(staff).filter({ hasText: /^Above activity reverted by (Dr\. )?Anita Rao for rechecking\.$/ }).waitFor();
  await staff.getByText('Optimum pH looks high for this soil; please recheck.').waitFor();
  await screenshot(staff, 'workflow-staff-reverted');
  await staff.getByLabel(/^Optimum pH/).fill('6.2');
  await staff.getByRole('button', { name: 'Submit' }).click();
  await toast(staff, 'Record Saved Successfully!');
  await staff.waitForURL(/#\/ActivityTransactionHome$/);

  // manager: approve
  await manager.goto(`${server.url}/#/ActivityTransactionHome?queue=1`);
  await manager.getByRole('link', { name: `Review Biochemical Tests of ${isolatecode}` }).click();
  await statusLine(manager).filter({ hasText: 'Above activity came for approval by Vikram Patil.' }).waitFor();
  await manager.getByRole('button', { name: 'Approve' }).click();
  // A wrong password: refused with its sentence, nothing changes, the manager stays to sign again.
  const dialog = manager.getByRole('dialog', { name: 'Sign the approval' });
  await dialog.getByLabel(/^Password/).fill('Not-my-password-1');
  await dialog.getByRole('button', { name: 'Sign and approve' }).click();
  await toast(manager, 'The password is not correct, so the signature was not made. Nothing was changed.');
  await manager.getByRole('button', { name: 'Approve' }).click();
  await sign(manager, 'Sign and approve', 'workflow-signature-approve');
  await toast(manager, 'Approved Successfully!');
  await manager.waitForURL(/#\/ActivityTransactionHome$/);

  // staff1 sees it approved
  await staff.getByLabel('Search Text').fill(isolatecode);
  await staff.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(`^Open activities of ${isolatecode}`) }).click();
  await staff.getByRole('group', { name: 'Activities' }).getByRole('button', { name: 'BIOCH (A)' }).click();
  await statusLine(staff).filter({ hasText: /^Above activity approved by (Dr\. )?Anita Rao\.$/ }).waitFor();
  // The signatures are on the record: the reversion and the approval, each with its meaning.
  const signatures = staff.getByRole('region', { name: 'Signatures' });
  await signatures.getByText(/Anita Rao \(manager\), .* UTC: Reverted for rechecking:/).waitFor();
  await signatures.getByText(/Anita Rao \(manager\), .* UTC: Approved: I have reviewed these results and approve them\./).waitFor();
  await expect(staff.getByLabel(/^Optimum pH/).inputValue()).resolves.toBe('6.2');
  await screenshot(staff, 'workflow-staff-approved');
});

test('a Level 2 activity on the isolate: plant assessment code, parameters, submit, approve', async () => {
  const rows = (await api(staff, 'transaction', 'getactitransctionhome', { pageno: 1 })).json as Array<{ isolatecode: string; samplenov: string }>;
  const { isolatecode, samplenov } = rows[0];

  // staff1: Level 2 entry -> empty search warns -> the isolate's next plant assessment code -> Save
  await staff.goto(`${server.url}/#/level2activityEntry`);
  await staff.getByRole('button', { name: 'Search Isolate Code' }).click();
  await toast(staff, 'Please Enter Isolate Code');
  await staff.getByRole('textbox', { name: 'Isolate Code' }).fill(isolatecode);
  await staff.getByRole('button', { name: 'Search Isolate Code' }).click();
  const pncodeField = staff.getByRole('textbox', { name: 'Plant Assessment Code' });
  for (let i = 0; i < 100 && !(await pncodeField.inputValue()); i++) await staff.waitForTimeout(50);
  expect(await pncodeField.inputValue()).toMatch(/^PA\d{6}$/);
  await staff.getByRole('button', { name: 'Save' }).click();
  await staff.getByText(/^Record Saved Successfully! Plant Assessment Code Is : PA\d{6}$/).first().waitFor();
  const pncode = /PA\d{6}/.exec((await staff.getByText(/Plant Assessment Code Is :/).first().textContent()) ?? '')![0];
  await staff.waitForURL(/#\/level2activityHome$/);

  // the Level 2 list -> the new plant assessment -> Plant Growth Promotion, filled and submitted
  await staff.getByLabel('Search Text').fill(pncode);
  await staff.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(`^Open activities of ${isolatecode} ${pncode}`) }).click();
  await staff.getByRole('group', { name: 'Activities' }).getByRole('button', { name: 'PGPT', exact: true }).click();
  await staff.getByText(/^Activity Transaction - .* Plant Growth Promotion : Level 2$/).waitFor();
  await staff.getByLabel(/^Shoot Length/).fill('21.5');
  await staff.getByLabel(/^Root Length/).fill('10.25');
  await staff.getByLabel(/^Germination/).fill('88');
  await screenshot(staff, 'workflow-level2-filled');
  await staff.getByRole('button', { name: 'Submit' }).click();
  await toast(staff, 'Record Saved Successfully!');

  // manager approves it from the Level 2 queue
  await manager.goto(`${server.url}/#/level2activityHome?queue=1`);
  await manager.getByRole('link', { name: `Review Plant Growth Promotion of ${isolatecode}` }).first().click();
  await statusLine(manager).filter({ hasText: 'Above activity came for approval by Vikram Patil.' }).waitFor();
  await manager.getByRole('button', { name: 'Approve' }).click();
  await sign(manager, 'Sign and approve');
  await toast(manager, 'Approved Successfully!');
  // The toast of the first test's approval may still be on the manager's page (the same document), so the one
  // awaited above can be that one: read the staff's buttons until the approval has landed (at most 5 s).
  let status: string | null | undefined;
  for (let i = 0; i < 100 && status !== 'A'; i++) {
    if (i) await staff.waitForTimeout(50);
    const buttons = (await api(staff, 'master', 'getlvl2activityforparamconf', { samplenov, activitylevel: 'Level 2', pncode })).json as Array<{ shortname: string; status: string | null }>;
    status = buttons.find((b) => b.shortname === 'PGPT')?.status;
  }
  expect(status).toBe('A');
});
