import type { Page } from 'playwright-core';
import { demoLabAsAdmin, callApi, screenshot, type RunningServer } from './support/harness';

/**
 * Records under approved results, in Chromium on the demo lab: a sample inward record whose isolate has approved
 * activities is saved only as an amendment with a reason (asked in a dialog), and shows "Amended" afterwards; a
 * sample is deleted with a confirmation and a reason, the row says who, when and why, and the Top Role restores it.
 */
let server: RunningServer;
let page: Page;
demoLabAsAdmin((s) => ({ server, page } = s));

interface Row { id: number; sampleno: string; active: string }

async function sampleWhere(pred: (r: { amendmentRequired?: boolean }) => boolean): Promise<Row> {
  const rows = (await callApi<Row[]>(page, 'transaction', 'getsamphome', { pageno: 1 })).json;
  for (const r of rows) {
    const rec = (await callApi<{ amendmentRequired?: boolean }>(page, 'transaction', 'getsapleivertById', { id: r.id })).json;
    if (pred(rec)) return r;
  }
  throw new Error('no such demo sample');
}

test('a change under approved results asks for the reason and is shown as an amendment', async () => {
  const sample = await sampleWhere((r) => r.amendmentRequired === true);
  await page.goto(`${server.url}/#/sampleInverd/${sample.id}`);
  await page.getByTestId('amendment-notice').waitFor();
  await page.getByLabel(/^Source/).fill('Orchard, north block');
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Amend a record that results rest on' });
  await dialog.getByLabel(/^Reason for the amendment/).fill('The source was copied from the wrong field sheet.');
  await screenshot(page, 'integrity-amendment-reason');
  await dialog.getByRole('button', { name: 'Save amendment' }).click();
  await page.getByText('Sample Inward OTP Is :').waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(/#\/SampleInwardHome$/);

  // As a user goes back to it: the Edit link of its row.
  await page.getByRole('grid', { name: 'Sample inward' }).getByRole('row', { name: new RegExp(sample.sampleno) }).getByRole('link', { name: 'Edit' }).click();
  const amended = page.getByRole('region', { name: 'Amended' });
  await amended.getByText(/\(admin\), \d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d UTC: The source was copied from the wrong field sheet\.$/).waitFor();
  await screenshot(page, 'integrity-amended-record');
});

test('a sample is deleted with a confirmation and a reason, shows who, when and why, and the Top Role restores it', async () => {
  await page.goto(`${server.url}/#/SampleInwardHome`);
  const table = page.getByRole('grid', { name: 'Sample inward' });
  const row = table.getByRole('row').nth(1);
  const code = (await row.getByRole('gridcell').nth(4).textContent())?.trim() ?? '';
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete sample ${code}?` });
  await dialog.getByLabel(/^Reason for deleting/).fill('Registered twice by mistake.');
  await screenshot(page, 'integrity-delete-reason');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const mark = table.getByRole('row', { name: new RegExp(code) }).getByTestId('deleted-mark');
  await mark.getByText(/^Deleted by .* on \d\d-[A-Z][a-z]{2}-\d{4} \d\d:\d\d UTC: Registered twice by mistake\.$/).waitFor();
  await screenshot(page, 'integrity-deleted-row');

  await table.getByRole('button', { name: `Restore ${code}` }).click();
  const restore = page.getByRole('dialog', { name: `Restore sample ${code}?` });
  await restore.getByLabel(/^Reason for restoring/).fill('Deleted the wrong one.');
  await restore.getByRole('button', { name: 'Restore' }).click();
  await table.getByRole('row', { name: new RegExp(code) }).getByRole('button', { name: 'Delete' }).waitFor();
});
