import type { Page } from 'playwright-core';
import { demoLabAsAdmin, screenshot, type RunningServer } from './support/harness';

let server: RunningServer;
let page: Page;
demoLabAsAdmin((s) => ({ server, page } = s));

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
  await page.getByRole('gridcell', { name: 'Coimbatore' }).waitFor();
  expect(await page.getByRole('row').count()).toBe(6);
  await screenshot(page, 'check-data');
});
