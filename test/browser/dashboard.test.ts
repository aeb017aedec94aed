import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInAdminFirstTime, startServer, type RunningServer } from './support/harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInAdminFirstTime(page, server.url, 'Keeper@Soil2026');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the dashboard shows the demo lab computed from the database, and checkData lists its samples', async () => {
  await page.goto(`${server.url}/#/dashboard`);
  await page.getByLabel('Total Samples: 5').waitFor();
  await page.getByLabel('Agro Climatic Zones: 4').waitFor();
  await page.getByLabel('Isolates: 4').waitFor();
  await page.getByRole('list', { name: 'Functional traits' }).getByLabel(/^Nitrogen Fixers: \d+$/).waitFor();
  await page.getByRole('list', { name: 'Activities by status' }).getByLabel('Approved: 5').waitFor();
  await screenshot(page, 'dashboard');

  await page.goto(`${server.url}/#/checkData`);
  await page.getByRole('heading', { name: 'All Samples' }).waitFor();
  await page.getByRole('cell', { name: 'Coimbatore' }).waitFor();
  expect(await page.getByRole('row').count()).toBe(6);
  await screenshot(page, 'check-data');
});
