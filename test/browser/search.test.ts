import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInAdminFirstTime, startServer, type RunningServer } from './support/harness';

/**
 * Issue 5, microbe search on the demo lab: a numeric comparator plus a dropdown, sorting, the detailed record,
 * its PDF, the CSV export (read back from the downloaded file) and a saved search.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })).newPage();
  await signInAdminFirstTime(page, server.url, 'Keeper@Soil2026');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const results = () => page.getByRole('grid', { name: 'Search results' });
const column = async (index: number) =>
  (await results().getByRole('row').all()).slice(1).map((r) => r.getByRole('gridcell').nth(index).textContent());

test('search by a number comparator and a dropdown, sort, details with PDF, CSV export, saved search', async () => {
  await page.goto(`${server.url}/#/SearchMicrobe`);
  await page.getByRole('heading', { name: 'Search Your Microbe Today!' }).waitFor();

  // Minimum Rainfall between 500 and 700 (inclusive) and State Of India = Maharashtra.
  await page.getByRole('checkbox', { name: 'Minimum Rainfall' }).check();
  const rain = page.getByRole('group', { name: 'Filter Minimum Rainfall' });
  await rain.getByLabel('Minimum Rainfall comparator').selectOption('=');
  await rain.getByLabel('Minimum Rainfall from').fill('500');
  await rain.getByLabel('Minimum Rainfall to').fill('700');
  await rain.getByText('Matches Minimum Rainfall between 500 and 700').waitFor();
  await page.getByRole('checkbox', { name: 'State Of India' }).check();
  const state = page.getByRole('group', { name: 'Filter State Of India' }).getByRole('combobox', { name: 'State Of India' });
  await state.fill('Mahar');
  await page.getByRole('option', { name: 'Maharashtra' }).click();

  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await results().getByRole('row').nth(2).waitFor();
  await expect(results().getByRole('row').count()).resolves.toBe(3);
  await expect(results().getByRole('columnheader').allTextContents()).resolves.toEqual(
    ['Sr. No.', 'Sample No.-V', 'Minimum Rainfall', 'State Of India', 'Microbe', 'Genus', 'Species', 'Action'],
  );
  await expect(Promise.all(await column(3))).resolves.toEqual(['Maharashtra', 'Maharashtra']);
  // One of the two isolates has no identification: N/A.
  await expect(Promise.all(await column(5))).resolves.toContain('N/A');

  // Sort by Minimum Rainfall as numbers, then descending.
  await results().getByRole('columnheader', { name: 'Minimum Rainfall' }).click();
  await expect(Promise.all(await column(2))).resolves.toEqual(['500', '600']);
  await results().getByRole('columnheader', { name: 'Minimum Rainfall' }).click();
  await expect(Promise.all(await column(2))).resolves.toEqual(['600', '500']);
  await screenshot(page, 'search-results');

  // Details of the first row (rain 600, identified).
  const samplenov = (await results().getByRole('row').nth(1).getByRole('gridcell').nth(1).textContent())!;
  await results().getByRole('button', { name: `Show ${samplenov}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`Detailed Records for: ${samplenov}`).waitFor();
  await dialog.getByRole('table', { name: `Level 2 Activity Records for: ${samplenov}` }).waitFor();
  await dialog.getByText('Colony Morphology (MORPH)').waitFor();
  await expect(dialog.getByRole('button', { name: 'Open PDF' }).isEnabled()).resolves.toBe(true);
  await expect(dialog.getByRole('button', { name: 'Print' }).isEnabled()).resolves.toBe(true);
  await page.waitForTimeout(300); // the buttons' colour transition
  await screenshot(page, 'search-details');
  await dialog.getByRole('table', { name: `Level 2 Activity Records for: ${samplenov}` }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/search-details-level2.png' });

  // Open PDF: a new tab with the server's PDF.
  const [pdfResponse, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/transaction/getSearchRecordPdf')),
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: 'Open PDF' }).click(),
  ]);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  const pdf = (await pdfResponse.body()).toString('latin1');
  expect(pdf.startsWith('%PDF-1.4')).toBe(true);
  expect(pdf).toContain(`(Detailed Records for: ${samplenov})`);
  await popup.waitForURL(/^blob:/);
  await popup.close();

  // Print: the print stylesheet shows only the modal's content (no sidebar, no buttons).
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sidebar').isVisible()).resolves.toBe(false);
  await expect(dialog.getByRole('button', { name: 'Open PDF' }).isVisible()).resolves.toBe(false);
  await expect(dialog.getByText(`Detailed Records for: ${samplenov}`).isVisible()).resolves.toBe(true);
  await screenshot(page, 'search-print');
  const printed = await page.pdf({ format: 'A4' });
  expect(printed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  // CSV export of all matches, read back from the downloaded file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data.csv' }).click()]);
  expect(download.suggestedFilename()).toBe('data.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Sr. No.,Sample No.-V,Isolate Code,Plant Assessment Code,Minimum Rainfall,State Of India,Microbe,Genus,Species');
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).map((l) => l.split(',')[5])).toEqual(['Maharashtra', 'Maharashtra']);

  // Save the filters under a name; it appears in the activity dropdown and reloads the rows.
  await page.getByRole('button', { name: 'Save Search' }).click();
  await page.getByLabel('Search Name').fill('Maharashtra wet');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('search-toast').filter({ hasText: 'Search saved.' }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('group', { name: 'Filter Minimum Rainfall' }).count()).resolves.toBe(0);
  const activity = page.getByLabel('Activity');
  await activity.locator('option', { hasText: 'Maharashtra wet' }).waitFor({ state: 'attached' });
  await activity.selectOption({ label: 'Maharashtra wet' });
  await page.getByRole('group', { name: 'Filter Minimum Rainfall' }).getByText('Matches Minimum Rainfall between 500 and 700').waitFor();
  await screenshot(page, 'search-saved');
});

test('All Records: every isolate of the lab with its codes, a one-parameter search, Show and the CSV of every record', async () => {
  await page.goto(`${server.url}/#/showallrecords`);
  await page.getByRole('heading', { level: 2, name: 'All Records' }).waitFor();
  await results().getByRole('row').nth(1).waitFor();
  await expect(results().getByRole('columnheader').allTextContents()).resolves.toEqual(
    ['Sr. No.', 'Sample No.-V', 'Sample Code', 'Isolate Code', 'Plant Assessment Code', 'Microbe', 'Genus', 'Species', 'Action'],
  );
  // The demo lab: four isolates (the fifth sample has none), one of them with a plant assessment.
  await page.getByText('4 records', { exact: true }).waitFor();
  await expect(results().getByRole('row').count()).resolves.toBe(5);
  const samplenovs = await Promise.all(await column(1));
  await expect(Promise.all(await column(2))).resolves.toEqual(samplenovs.map((s) => s!.replace(/-\d+$/, '')));
  await expect(Promise.all(await column(3))).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/^ISO/)]));
  expect((await Promise.all(await column(4))).filter((c) => c !== 'N/A')).toHaveLength(1);
  await screenshot(page, 'all-records');

  // Show: the detailed record of that isolate.
  const samplenov = samplenovs[0]!;
  await results().getByRole('button', { name: `Show ${samplenov}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`Detailed Records for: ${samplenov}`).waitFor();
  await dialog.getByRole('table', { name: `Level 2 Activity Records for: ${samplenov}` }).waitFor();
  await page.waitForTimeout(300); // the dialog's entrance transition
  await screenshot(page, 'all-records-details');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Search by one parameter (Genus contains 'Bacillus'), then Refresh lists every record again.
  await page.getByLabel('Search by').selectOption({ label: 'Genus' });
  await page.getByRole('group', { name: 'Filter Genus' }).getByRole('textbox', { name: 'Genus' }).fill('Bacillus');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText(/^\d+ of the records match Genus: Bacillus$/).waitFor();
  // The filtered parameter comes first among the parameters (the search screen's order).
  await expect(results().getByRole('columnheader').allTextContents()).resolves.toEqual(
    ['Sr. No.', 'Sample No.-V', 'Sample Code', 'Isolate Code', 'Plant Assessment Code', 'Genus', 'Microbe', 'Species', 'Action'],
  );
  const genus = await Promise.all(await column(5));
  expect(genus.length).toBeGreaterThan(0);
  expect(genus.every((g) => g === 'Bacillus')).toBe(true);
  await screenshot(page, 'all-records-search');
  await page.getByRole('main').getByRole('button', { name: 'Refresh' }).click();
  await page.getByText('4 records', { exact: true }).waitFor();

  // The CSV holds every record.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data.csv' }).click()]);
  expect(download.suggestedFilename()).toBe('data.csv');
  const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Sr. No.,Sample No.-V,Isolate Code,Plant Assessment Code,Microbe,Genus,Species');
  expect(lines).toHaveLength(5);
});
