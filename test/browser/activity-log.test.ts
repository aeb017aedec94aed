import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInAdminFirstTime, startServer, type RunningServer, waitForToast } from './support/harness';

/** Issue 6 item 4: an administrator's change shows in the Activity Log with its before/after, exports and prints. */
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })).newPage();
  await signInAdminFirstTime(page, server.url, 'Keeper@Soil2026');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (text: string) => waitForToast(page, text);
const filters = () => page.getByRole('search', { name: 'Activity Log filters' });

test('a department change appears in the Activity Log with its before/after, and exports to CSV', async () => {
  // The administrator creates a department and deactivates it.
  await page.goto(`${server.url}/#/department`);
  await page.getByLabel('Code').fill('AUD01');
  await page.getByLabel('Department Name').fill('Audit Trail Dept');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/departmentHome$/);
  await page.getByLabel('Search Text').fill('Audit Trail');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Audit Trail Dept' });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await toast('Record Deleted Successfully!');

  // Activity Log from the user dropdown.
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Activity Log' }).click();
  await page.waitForURL(/#\/auditLog$/);
  await page.getByRole('heading', { level: 2, name: 'Activity Log' }).waitFor();
  await page.getByRole('table', { name: 'Activity Log entries' }).getByRole('row').nth(1).waitFor();

  // Filter by entity.
  await page.getByLabel('Entity').selectOption('department');
  await filters().getByRole('button', { name: 'Search' }).click();
  const deactivation = page.getByRole('button', { name: /^Show changes of department\.deactivate department \d+$/ });
  await deactivation.waitFor();
  const entries = page.getByRole('table', { name: 'Activity Log entries' });
  // The deactivation is on the unfiltered first page too: wait until the filtered answer has replaced it.
  await entries.getByText(/^(signin|logout|password\.change)$/).first().waitFor({ state: 'detached' });
  await expect(entries.getByText('department.create').count()).resolves.toBeGreaterThanOrEqual(1);
  await expect(entries.getByText(/^(signin|logout|password\.change)$/).count()).resolves.toBe(0);

  // Expand: the field-level before/after.
  const recordId = /department (\d+)$/.exec((await deactivation.getAttribute('aria-label')) ?? '')![1];
  await deactivation.click();
  const changes = page.getByRole('table', { name: /^Changes of department\.deactivate department \d+$/ });
  const status = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'activeStatus' }) });
  await expect(status.getByRole('cell').allTextContents()).resolves.toEqual(['Y', 'N']);
  await screenshot(page, 'activity-log-expanded');

  // The record's whole history, oldest first, from the row.
  await entries.getByRole('button', { name: `History of department ${recordId}` }).first().click();
  const dialog = page.getByRole('dialog', { name: `History of department ${recordId}` });
  const history = dialog.getByRole('table', { name: `History of department ${recordId}` });
  await history.waitFor();
  await expect(history.getByText(/^department\.(create|deactivate)$/).allTextContents()).resolves.toEqual(['department.create', 'department.deactivate']);
  await dialog.getByRole('table', { name: `Changes of department.create department ${recordId}` }).getByText('Audit Trail Dept').waitFor();
  await screenshot(page, 'activity-log-record-history');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Export CSV: a real download of every match.
  const summary = (await page.getByText(/^\d+ (entry|entries)/).textContent()) ?? '';
  const matches = Number(/^(\d+)/.exec(summary)![1]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^activity-log-\d{8}-\d{6}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter((l) => l !== '');
  // A second When column in the browser's own time zone, unless that is UTC.
  expect(lines[0]).toMatch(/^Entry,When \(UTC\),(When \([^)]+\),)?User ID,User,Action,Entity,Record ID,Reason \/ Remark,Changes,IP,Hash$/);
  expect(lines.filter((l) => /^\d+,/.test(l))).toHaveLength(matches);
  expect(csv).toContain('department.deactivate');
  expect(csv).toContain('activeStatus: Y -> N');
  expect(csv).toContain('Audit Trail Dept');
  await page.getByText(/^Exported \d+ entr(y|ies) to activity-log-/).first().waitFor();

  // The export itself is in the log.
  await filters().getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Action').selectOption('audit.export');
  await filters().getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: /^Show changes of audit\.export audit_log$/ }).waitFor();
});

test('Print shows the filtered table without the shell', async () => {
  await filters().getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Entity').selectOption('department');
  await filters().getByRole('button', { name: 'Search' }).click();
  // Still expanded from the first test: the printout shows the before/after of expanded rows.
  await page.getByRole('button', { name: /^Hide changes of department\.deactivate department \d+$/ }).waitFor();
  await page.emulateMedia({ media: 'print' });
  try {
    await expect(page.getByTestId('user-menu-button').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('search', { name: 'Activity Log filters' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Export CSV' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('table', { name: 'Activity Log entries' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/^Entity: department · \d+ entries$/).isVisible()).resolves.toBe(true);
    await screenshot(page, 'activity-log-print');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});

test('the Activity Log fits the window at 1024, 1366 and 1920 px, rows expanded, without scrolling sideways', async () => {
  await filters().getByRole('button', { name: 'Clear' }).click();
  // All entries: sign-ins (session ids as record ids), long action names, department changes.
  await page.getByRole('table', { name: 'Activity Log entries' }).getByRole('row').nth(1).waitFor();
  const first = page.getByRole('button', { name: /^Show changes of / }).first();
  if (await first.count()) await first.click();
  for (const width of [1024, 1366, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('table[aria-label="Activity Log entries"]') as HTMLElement;
      const wrap = table.parentElement as HTMLElement;
      return { page: document.documentElement.scrollWidth - window.innerWidth, table: wrap.scrollWidth - wrap.clientWidth };
    });
    await screenshot(page, `activity-log-${width}`);
    expect({ width, ...overflow }).toEqual({ width, page: 0, table: 0 });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
});
