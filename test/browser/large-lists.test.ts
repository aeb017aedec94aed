/**
 * The lists at sizes past their boundaries, in the browser, on a server given 600 generated samples (about 1,200
 * isolates; `npm run seed:bulk`): a Sample Inward search that matches every sample shows "200+ … (counting all
 * matches…)" and then the exact total on the same rows; a deep page of the Level 1 list (past row 1,000, read from
 * the bucket that holds its first row) shows its ten rows with their serial numbers. The load writes an audit row per
 * sample (--trail): the Activity Log filtered to them reads "200+" too, then the exact number.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInAdminFirstTime, startServer, type RunningServer } from './support/harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({}, 600), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInAdminFirstTime(page, server.url, 'Keeper@Soil2026');
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The grid's data rows (the first row is the header).
const rowTexts = async () => (await page.getByRole('row').allInnerTexts()).slice(1);

test('Sample Inward: a search above the cap reads 200+ while the exact total is counted, then the exact total on the same rows', async () => {
  // The exact count (the same search without countUpTo, asked in the background) is held back, so the capped
  // footer stays long enough to be seen; the answers themselves are the server's.
  const exactAsked: number[] = [];
  await page.route('**/api/transaction/getSearchForsampleinward', async (route) => {
    const body = route.request().postDataJSON() as { countUpTo?: number } | null;
    if (body && body.countUpTo === undefined) {
      exactAsked.push(Date.now());
      await new Promise((r) => setTimeout(r, 1500));
    }
    await route.continue();
  });
  await page.goto(`${server.url}/#/SampleInwardHome`);
  await page.getByRole('columnheader', { name: 'Sample Inwarded No' }).waitFor();
  await page.getByLabel('Search Text').fill('SC');
  await page.getByLabel('Search Text').press('Enter');
  await page.getByText('Page 1 of 21+ (200+ records) (counting all matches…)').waitFor();
  const capped = await rowTexts();
  expect(capped).toHaveLength(10);
  await screenshot(page, 'sample-inward-search-capped');
  const exact = page.getByText(/^Page 1 of \d+ \([\d,]+ records\)$/);
  await exact.waitFor();
  const [, pages, total] = /Page 1 of (\d+) \(([\d,]+) records\)/.exec((await exact.textContent()) ?? '')!;
  expect(Number(total.replace(/,/g, ''))).toBeGreaterThanOrEqual(600);
  expect(Number(pages)).toBe(Math.ceil(Number(total.replace(/,/g, '')) / 10));
  expect(await rowTexts()).toEqual(capped);
  expect(exactAsked).toHaveLength(1);
  await page.unroute('**/api/transaction/getSearchForsampleinward');
});

test('Sample Inward: part of a sample code finds its ten samples with their exact total', async () => {
  await page.goto(`${server.url}/#/SampleInwardHome`);
  await page.getByRole('columnheader', { name: 'Sample Inwarded No' }).waitFor();
  await page.getByLabel('Search Text').fill('sc00012');
  await page.getByLabel('Search Text').press('Enter');
  await page.getByText('Page 1 of 1 (10 records)').waitFor();
  const codes = (await rowTexts()).map((r) => /SC\d{6}/.exec(r)?.[0]);
  expect(codes.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `SC00012${i}`));
  await screenshot(page, 'sample-inward-search-code');
});

test('Level 1 Activity: a deep page past row 1,000 shows its ten rows, numbered from its offset', async () => {
  await page.goto(`${server.url}/#/ActivityTransactionHome`);
  const footer = page.getByText(/^Page 1 of \d+ \([\d,]+ records\)$/);
  await footer.waitFor();
  const [, pages] = /Page 1 of (\d+)/.exec((await footer.textContent()) ?? '')!;
  expect(Number(pages)).toBeGreaterThan(105);
  const deep = 105;
  await page.goto(`${server.url}/#/ActivityTransactionHome?page=${deep}`);
  await page.getByText(new RegExp(`^Page ${deep} of ${pages} `)).waitFor();
  // The page's rows replace page 1's once they answer.
  const first = String((deep - 1) * 10 + 1);
  for (let tries = 0; (await rowTexts())[0]?.split(/\s+/)[0] !== first; tries++) {
    if (tries > 100) throw new Error(`page ${deep} did not show row ${first}: ${(await rowTexts())[0]}`);
    await page.waitForTimeout(100);
  }
  const rows = await rowTexts();
  expect(rows).toHaveLength(10);
  expect(rows.map((r) => Number(r.split(/\s+/)[0]))).toEqual(Array.from({ length: 10 }, (_, i) => (deep - 1) * 10 + i + 1));
  await screenshot(page, 'level1-deep-page');
});

test('Activity Log: a filtered view above the cap reads 200+ while the exact total is counted, then the exact total', async () => {
  const exactAsked: number[] = [];
  await page.route('**/api/audit/getAuditLog', async (route) => {
    const body = route.request().postDataJSON() as { countUpTo?: number; entity?: string } | null;
    if (body?.entity && body.countUpTo === undefined) {
      exactAsked.push(Date.now());
      await new Promise((r) => setTimeout(r, 1500));
    }
    await route.continue();
  });
  await page.goto(`${server.url}/#/auditLog?entity=sample_inward`);
  await page.getByText('200+ entries (counting all matches…) · page 1 of 21+').waitFor();
  const table = page.getByRole('table', { name: 'Activity Log entries' });
  const capped = await table.getByRole('row').allInnerTexts();
  expect(capped.length).toBeGreaterThan(10);
  await screenshot(page, 'activity-log-capped');
  const exact = page.getByText(/^[\d,]+ entries · page 1 of [\d,]+$/);
  await exact.waitFor();
  const [, total, pages] = /^([\d,]+) entries · page 1 of ([\d,]+)$/.exec((await exact.textContent()) ?? '')!;
  const n = Number(total.replace(/,/g, ''));
  expect(n).toBeGreaterThanOrEqual(600);
  expect(Number(pages.replace(/,/g, ''))).toBe(Math.ceil(n / 10));
  expect(await table.getByRole('row').allInnerTexts()).toEqual(capped);
  expect(exactAsked).toHaveLength(1);
  await screenshot(page, 'activity-log-exact');
  await page.unroute('**/api/audit/getAuditLog');
});
