import type { Page } from 'playwright-core';
import { demoLabAsAdmin, screenshot, type RunningServer, dateShown, shownDay, typeDate } from './support/harness';

let server: RunningServer;
let page: Page;
// The demo lab brings the States of India, their Districts, the soil types, agro-climatic zones and sample types the
// autocompletes look up.
demoLabAsAdmin((s) => ({ server, page } = s));

const isoDaysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

async function choose(label: string, typed: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("register a sample, see its OTP, create an isolate from that OTP and see 'Sample Code Is :'", async () => {
  await page.goto(`${server.url}/#/SampleInwardHome`);
  await page.getByRole('columnheader', { name: 'Sample Inwarded No' }).waitFor();
  await page.getByRole('link', { name: 'Add' }).click();
  await page.waitForURL(/#\/sampleInverd$/);

  // a future sampling date is refused with the spec's warning
  await typeDate(page, 'Sampling Date', isoDaysAgo(-1));
  await page.getByText('Please Select Less Than Current Date !').first().waitFor();
  // an empty save names the missing fields
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please fill all mandatory fields!').first().waitFor();
  await page.getByText('GPS Location is required.').waitFor();

  await typeDate(page, 'Sampling Date', isoDaysAgo(2));
  await expect(dateShown(page, 'Sampling Date')).resolves.toBe(shownDay(isoDaysAgo(2)));
  await page.getByLabel('Sampled By', { exact: false }).first().fill('E2E Sampler');
  await choose('States of India', 'Mah', 'Maharashtra');
  await choose('District', 'Pun', 'Pune');
  await page.getByLabel('GPS Location').fill('18.5204 N, 73.8567 E');
  await page.getByLabel('Source').fill('Sugarcane field');
  await choose('Agro Climatic Zone', 'West', 'Western Plateau and Hills');
  await page.getByLabel('Temperature').fill('28 C');
  await page.getByLabel('Minimum Rainfall').fill('600');
  await page.getByLabel('Maximum Rainfall').fill('750.5');
  await choose('Soil Type', 'Bla', 'Black Cotton');
  await page.getByLabel('Soil Color').fill('Dark brown');
  await screenshot(page, 'sample-inward-form');
  await page.getByRole('button', { name: 'Save' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.getByText('Sample Inward OTP Is :').waitFor();
  const otp = (await dialog.getByTestId('dialog-message').textContent())?.trim() ?? '';
  expect(otp).toMatch(/^\d{6}$/);
  await screenshot(page, 'sample-inward-otp');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/#\/SampleInwardHome$/);
  const row = page.getByRole('row').filter({ hasText: 'E2E Sampler' });
  await row.waitFor();
  const sampleCode = (await row.getByRole('gridcell').nth(4).textContent())?.trim() ?? '';
  expect(sampleCode).toMatch(/^SC\d{6}$/);
  await row.getByRole('link', { name: 'Edit' }).waitFor();
  await screenshot(page, 'sample-inward-list');

  // create mode: the OTP names the sample; the next isolate code shows; the save answers the sample code version
  await page.goto(`${server.url}/#/Isolate`);
  await page.getByLabel('Create Isolate Code').waitFor();
  await page.locator('#isolate-otp option', { hasText: otp }).waitFor({ state: 'attached' });
  await page.getByLabel('OTP').selectOption(otp);
  await page.waitForFunction(() => (document.querySelector('#isolate-next-code') as HTMLInputElement | null)?.value.startsWith('ISO'));
  await expect(page.getByLabel('Sample Code Version').inputValue()).resolves.toBe(`${sampleCode}-1`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Please Select Sample Type!').first().waitFor();
  await choose('Sample Type', 'Rhizo', 'Rhizosphere soil');
  await page.getByLabel('Soil pH').fill('7.2');
  await page.getByLabel('Soil EC').fill('0.45');
  await page.getByLabel('Soil TDS').fill('320');
  await page.getByRole('button', { name: 'Save' }).click();
  const result = page.getByRole('dialog');
  await result.getByText('Sample Code Is :').waitFor();
  await expect(result.getByTestId('dialog-message').textContent()).resolves.toBe(`${sampleCode}-1`);
  await screenshot(page, 'isolate-sample-code');
  await result.getByRole('button', { name: 'OK' }).click();

  // other mode: the same sample code gets its second isolate
  await page.getByLabel('Create Isolate Code').uncheck();
  await page.getByLabel('Sample Code', { exact: true }).fill(sampleCode);
  await page.getByRole('button', { name: 'Search Sample Code' }).click();
  await page.waitForFunction(() => (document.querySelector('#isolate-next-code') as HTMLInputElement | null)?.value.startsWith('ISO'));
  await page.getByRole('combobox', { name: 'Sample Type' }).fill('Bulk soil');
  await page.getByLabel('Soil pH').fill('6.8');
  await page.getByLabel('Soil EC').fill('0.5');
  await page.getByLabel('Soil TDS').fill('300');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog').getByTestId('dialog-message').textContent()).resolves.toBe(`${sampleCode}-2`);
});
