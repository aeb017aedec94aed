import type { Page } from 'playwright-core';
import { demoLabAsAdmin, screenshot, type RunningServer, waitForToast, sidebarItem } from './support/harness';

/**
 * Microbe master and identification on the demo lab (it has the 'Microbe Type' and 'Gram Character'
 * masters, a microbe master and isolates, some without identification).
 */
let server: RunningServer;
let page: Page;
demoLabAsAdmin((s) => ({ server, page } = s));

const toast = (text: string) => waitForToast(page, text);


test('admin creates a microbe master entry, finds it by search, deactivates and reactivates it', async () => {
  await page.goto(`${server.url}/#/MicrobeMaster`);
  await page.getByRole('columnheader', { name: 'Microbe Type' }).waitFor();
  await page.getByRole('row').filter({ hasText: 'Bacillus' }).first().waitFor();
  await screenshot(page, 'microbe-master-list');
  await page.getByRole('link', { name: 'Add' }).click();
  await page.waitForURL(/#\/MicrobeMasterEntry$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please Select Bacteria Type !').first().waitFor();
  await page.getByText('Please Enter species !').first().waitFor();
  await page.getByLabel('Microbe', { exact: true }).selectOption({ label: 'Bacteria' });
  await page.getByLabel('Genus').fill('Rhizobium');
  await page.getByLabel('Species').fill('leguminosarum');
  await screenshot(page, 'microbe-master-entry');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  await page.waitForURL(/#\/MicrobeMaster$/);

  await page.getByLabel('Search Text').fill('leguminos');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: 'leguminosarum' });
  await row.waitFor();
  // The new entry is on the unfiltered list too: wait for the search's answer (a header and one row).
  await page.getByRole('row').nth(2).waitFor({ state: 'detached' });
  await expect(page.getByRole('row').count()).resolves.toBe(2);
  await expect(row.textContent()).resolves.toContain('Bacteria');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await toast('Record Saved Successfully!');
  await row.getByRole('button', { name: 'Reactivate' }).waitFor();
  await screenshot(page, 'microbe-master-deactivated');
  await row.getByRole('button', { name: 'Reactivate' }).click();
  await row.getByRole('button', { name: 'Deactivate' }).waitFor();

  // the same microbe again is refused with the rescoremessage
  await page.goto(`${server.url}/#/MicrobeMasterEntry`);
  await page.getByLabel('Microbe', { exact: true }).selectOption({ label: 'Bacteria' });
  await page.getByLabel('Genus').fill('rhizobium');
  await page.getByLabel('Species').fill('LEGUMINOSARUM');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('This Microbe (Type, Genus and Species) Already Exists!');
});

test('the menu entry lists the isolates awaiting identification; one is identified, leaves the list and shows its identification on reopen', async () => {
  await page.goto(`${server.url}/#/BlankHomePage`);
  await (await sidebarItem(page, /Laboratory/, 'Microbe Identification')).click();
  await page.waitForURL(/#\/MicrobeIdentification$/);
  await page.getByRole('heading', { level: 3, name: 'Isolates awaiting identification' }).waitFor();
  const identify = page.getByRole('link', { name: /^Identify / }).first();
  await identify.waitFor();
  await screenshot(page, 'microbe-identification-awaiting');
  const isolatecode = (await identify.getAttribute('aria-label'))!.replace('Identify ', '');
  const samplenov = decodeURIComponent((await identify.getAttribute('href'))!.split('/')[3]);
  await identify.click();
  await page.waitForURL(/#\/MicrobeIdentification\/\d+\/.+\/1\?from=list$/);
  await page.getByRole('heading', { level: 2, name: 'Microbe Identification' }).waitFor();
  await expect(page.getByLabel('Isolate Code').inputValue()).resolves.toBe(isolatecode);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please select the Microbe.').first().waitFor();
  await page.getByLabel('Microbe', { exact: true }).selectOption({ label: 'Bacteria' });
  await page.getByLabel('Genus').locator('option', { hasText: 'Pseudomonas' }).waitFor({ state: 'attached' });
  await page.getByLabel('Genus').selectOption('Pseudomonas');
  await page.getByLabel('Species').locator('option', { hasText: 'fluorescens' }).waitFor({ state: 'attached' });
  await page.getByLabel('Species').selectOption('fluorescens');
  await page.getByLabel('Percentage Identification').fill('99.1');
  await page.getByLabel('Query Coverage').fill('97.45');
  await page.getByLabel('Gram Character').fill('Gram');
  await page.getByRole('option', { name: 'Gram Negative' }).click();
  await page.getByLabel('Biosafety Level').selectOption('BSL-1');
  await screenshot(page, 'microbe-identification-filled');
  await page.getByRole('button', { name: 'Save' }).click();
  await toast('Record Saved Successfully!');
  // Back where it was opened from: the awaiting list, which no longer offers the isolate.
  await page.waitForURL(/#\/MicrobeIdentification$/);
  await page.getByRole('link', { name: /^Identify / }).first().waitFor();
  await expect(page.getByRole('link', { name: `Identify ${isolatecode}` }).count()).resolves.toBe(0);

  await page.goto(`${server.url}/#/MicrobeIdentification/1/${samplenov}/1`);
  await page.waitForFunction(() => (document.getElementById('identification-genus') as HTMLSelectElement | null)?.value === 'Pseudomonas');
  await expect(page.getByLabel('Species').inputValue()).resolves.toBe('fluorescens');
  await expect(page.getByLabel('Percentage Identification').inputValue()).resolves.toBe('99.1');
  await expect(page.getByLabel('Query Coverage').inputValue()).resolves.toBe('97.45');
  await expect(page.getByLabel('Gram Character').inputValue()).resolves.toBe('Gram Negative');
  await expect(page.getByLabel('Biosafety Level').inputValue()).resolves.toBe('BSL-1');
  await expect(page.getByLabel('Microbe', { exact: true }).locator('option:checked').textContent()).resolves.toBe('Bacteria');
  await screenshot(page, 'microbe-identification-reopened');
});
