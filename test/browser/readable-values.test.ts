/**
 * What people read: a master data parameter shows its entry's value (Circular, not CIRC) on the parameter screen and
 * in the detailed record.
 */
import type { Page } from 'playwright-core';
import { callApi, demoLabAsAdmin, screenshot, type RunningServer } from './support/harness';

let server: RunningServer;
let page: Page;
demoLabAsAdmin((s) => {
  ({ server, page } = s);
});

/** An isolate whose Colony Morphology records the Colony Shape CIRC, found through the detailed records. */
async function circularIsolate(): Promise<{ samplenov: string; sampleno: string; actid: number }> {
  const rows = (await callApi<Array<{ samplenov: string; sampleno: string }>>(page, 'transaction', 'getactitransctionhome', { pageno: 1 })).json;
  for (const r of rows) {
    const rec = (await callApi<{ activityList: Array<{ id: number; shortname: string; parameters: Array<{ input: string | null }> }> }>(
      page, 'transaction', 'postSearchmicBySamplenov', { samplenov: r.samplenov })).json;
    const morph = rec.activityList.find((a) => a.parameters.some((p) => p.input === 'CIRC'));
    if (morph) {
      const buttons = (await callApi<Array<{ id: number; shortname: string }>>(page, 'master', 'getactivityforparamconf', { samplenov: r.samplenov, activitylevel: 'Level 1' })).json;
      const actid = buttons.find((b) => b.shortname === morph.shortname)?.id;
      if (actid) return { samplenov: r.samplenov, sampleno: r.sampleno, actid };
    }
  }
  throw new Error('no demo isolate records the Colony Shape CIRC');
}

test('the parameter screen and the detailed record show a master value by its name', async () => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const iso = await circularIsolate();
  await page.goto(`${server.url}/#/activityparamNew/${iso.actid}/Level 1/${iso.samplenov}/${iso.sampleno}/1`);
  await page.getByTestId('activity-header').waitFor();
  await page.waitForFunction(() => (document.querySelector('input[id$="-SHAPE"]') as HTMLInputElement | null)?.value === 'Circular');
  await screenshot(page, 'readable-parameter-screen-1366');

  await page.goto(`${server.url}/#/SearchMicrobe`);
  const source = page.getByRole('checkbox', { name: 'Source' });
  await source.waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText(/^\d[\d,]*\+? found/).waitFor();
  const row = page.getByRole('row').filter({ hasText: iso.samplenov }).first();
  await row.getByRole('button', { name: 'Show' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/^Detailed Records for: /).waitFor();
  await dialog.getByRole('cell', { name: 'Circular', exact: true }).first().waitFor();
  expect(await dialog.getByRole('cell', { name: 'CIRC', exact: true }).count()).toBe(0);
  await screenshot(page, 'readable-record-dialog-1366');
  await page.keyboard.press('Escape');
});
