import type { Browser, Page } from 'playwright-core';
import { callApi, launchBrowser, screenshot, signInAdminFirstTime, startServer, type RunningServer, waitForToast } from './support/harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInAdminFirstTime(page, server.url, 'Keeper@Soil2026');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (text: string) => waitForToast(page, text);

test('create a department, find it by search, deactivate and reactivate it', async () => {
  await page.goto(`${server.url}/#/departmentHome`);
  await page.getByRole('columnheader', { name: 'Department Name' }).waitFor();
  await page.getByRole('link', { name: 'Add' }).click();
  await page.waitForURL(/#\/department$/);
  // an empty save shows the spec's texts and stores nothing
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please Enter Department Code!').first().waitFor();
  await page.getByLabel('Code').fill('QA01');
  await page.getByLabel('Department Name').fill('Quality Assurance');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/departmentHome$/);

  // empty search text is refused without a call
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByText('Please Enter Some Text To Search!').first().waitFor();
  await page.getByLabel('Search Text').fill('quality');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Quality Assurance' });
  await row.waitFor();
  await expect(page.getByRole('row').count()).resolves.toBe(2); // header + the one match
  await screenshot(page, 'department-search');

  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await toast('Record Deleted Successfully!');
  await row.getByRole('button', { name: 'Reactivate' }).waitFor();
  await row.getByRole('button', { name: 'Reactivate' }).click();
  await toast('Deleted Record Successfully Recovered!');
  await row.getByRole('button', { name: 'Deactivate' }).waitFor();

  // a second department with the same code is refused with the rescoremessage
  await page.goto(`${server.url}/#/department`);
  await page.getByLabel('Code').fill('qa01');
  await page.getByLabel('Department Name').fill('Duplicate');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('This Department Code Is Already Present!');
});

test('create a unit of measure with exactly one type', async () => {
  await page.goto(`${server.url}/#/UnitMeasureHome`);
  await page.getByRole('link', { name: 'New' }).click();
  await page.getByLabel('UOM Code').fill('KG');
  await page.getByLabel('Unit Of Measure').fill('Kilogram');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please Select One Checkbox').first().waitFor();
  await page.getByLabel('Decimal (00.0)').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/UnitMeasureHome$/);
  await page.getByRole('row').filter({ hasText: 'Kilogram' }).waitFor();
  await screenshot(page, 'unit-of-measure-list');
});

test('the page of a master list is in the address: a reload stays on page 2, Back returns to page 1', async () => {
  await page.goto(`${server.url}/#/BlankHomePage`);
  // 25 designations: three pages of ten.
  for (let n = 1; n <= 25; n += 1) {
    const code = `DS${String(n).padStart(2, '0')}`;
    const { status, json } = await callApi(page, 'master', 'savedesignation', { designationcode: code, designationname: `Designation ${code}` });
    expect([status, json.status]).toEqual([200, 'Success']);
  }
  await page.goto(`${server.url}/#/designationHome`);
  const grid = page.getByRole('grid', { name: 'Designation' });
  const firstRow = () => grid.getByRole('row').nth(1).textContent();
  await grid.getByRole('row').filter({ hasText: 'Designation DS01' }).waitFor();
  const page1 = await firstRow();
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
  await page.waitForURL(/#\/designationHome\?page=2$/);
  await grid.getByRole('row').filter({ hasText: 'Designation DS01' }).waitFor({ state: 'detached' });
  const page2 = await firstRow();
  const total = await page.getByTestId('list-total').textContent();
  expect(total).toMatch(/^Page 2 of 3 \(2\d records\)$/);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
  await grid.getByRole('row').nth(1).waitFor();
  await expect(firstRow()).resolves.toBe(page2);
  await expect(page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe('page');
  await expect(page.getByTestId('list-total').textContent()).resolves.toBe(total);
  await screenshot(page, 'designation-list-page-2');

  await page.goBack();
  await page.waitForURL(/#\/designationHome$/);
  await grid.getByRole('row').filter({ hasText: 'Designation DS01' }).waitFor();
  await expect(firstRow()).resolves.toBe(page1);
  await expect(page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).resolves.toBe('page');
});
