import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';
import { formatDay } from '../../../src/shared/format/date-time';

const ROOT = path.resolve(__dirname, '..', '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const ADMIN_INITIAL_PASSWORD = 'Admin@12345';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  output(): string;
}

/**
 * Starts the real server (`node scripts/start.js --no-build`) on a free port and a fresh data directory.
 * `bulkSamples`: the data directory is first given the demo lab and that many generated samples (with their
 * isolates, activities and values) by `npm run seed:bulk`, for the screens that page, count and cap.
 */
export async function startServer(env: Record<string, string> = {}, bulkSamples = 0): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-'));
  if (bulkSamples > 0) {
    // The command itself (this side never imports the server): it migrates, seeds the demo lab and loads.
    const loaded = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'src/server/cli/seed-bulk.ts', 'seedBulk', '--samples', String(bulkSamples), '--data-dir', dataDir, '--batch', '500', '--trail'], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ADMIN_INITIAL_PASSWORD }, encoding: 'utf8',
    });
    if (loaded.status !== 0) throw new Error(`seed:bulk failed:\n${loaded.stdout}\n${loaded.stderr}`);
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js'), '--no-build'], {
    cwd: ROOT,
    // A clean lab by default (tests create what they need); pass { SEED_DEMO: 'on' } for the demo lab.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_INITIAL_PASSWORD, SEED_DEMO: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /running: (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return {
    url,
    dataDir,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Waits until a toast with exactly this text is visible. An earlier toast with the same text may still be in the
 * page on its way out (hidden): only a visible one counts.
 */
export async function waitForToast(page: Page, text: string): Promise<void> {
  try {
    await page.getByText(text, { exact: true }).filter({ visible: true }).first().waitFor();
  } catch (error) {
    // What the page showed instead: the visible alerts and the route, and a picture, so a failure in CI says why.
    const alerts = await page.getByRole('alert').allInnerTexts().catch(() => []);
    await screenshot(page, `toast-missing-${Date.now()}`).catch(() => undefined);
    throw new Error(`no toast "${text}" at ${page.url()}; visible alerts: ${JSON.stringify(alerts)}\n${String(error)}`);
  }
}

/**
 * Types a date into a date field as a person does: the day section, then the digits of day, month and year
 * (the field moves on by itself and shows dd-MMM-yyyy). `iso` is yyyy-MM-dd.
 */
export async function typeDate(page: Page, label: string | RegExp, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${d}${m}${y}`);
  await page.keyboard.press('Tab');
}

/** The text a date field shows ('24-Nov-2026'), read from the input that holds it. */
export const dateShown = (page: Page, label: string | RegExp): Promise<string> => page.getByRole('group', { name: label }).locator('input').inputValue();

/** How a date field shows an ISO day: '2026-01-05' -> '05-Jan-2026' (as lists and records do). */
export const shownDay = formatDay;

/** A sidebar item, its group opened first when it is closed ('Master Data' > 'Department'). */
export async function sidebarItem(page: Page, group: RegExp, name: string) {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const item = sidebar.getByRole('link', { name, exact: true });
  if (!(await item.isVisible())) await sidebar.getByRole('button', { name: group }).first().click();
  return item;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(ROOT, 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The seeded admin's first sign-in: forced password change, then a full sign-in into the shell. */
/**
 * A user's first sign-in: the initial password, the forced password change (where `atPasswordChange` may look at
 * the screen first), then signing in again with the new password onto the home page.
 */
export async function signInFirstTime(
  page: Page, baseUrl: string, username: string, initialPassword: string, newPassword: string, atPasswordChange?: (page: Page) => Promise<void>,
): Promise<void> {
  await signIn(page, baseUrl, username, initialPassword);
  await page.waitForURL(/#\/changePassword\/\d+$/);
  await atPasswordChange?.(page);
  await page.getByLabel('Enter New Password').fill(newPassword);
  await page.getByLabel('Re-Enter Password').fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/#\/login$/);
  await signIn(page, baseUrl, username, newPassword);
  await page.waitForURL(/#\/BlankHomePage$/);
}

export const signInAdminFirstTime = (page: Page, baseUrl: string, newPassword: string): Promise<void> =>
  signInFirstTime(page, baseUrl, 'admin', ADMIN_INITIAL_PASSWORD, newPassword);

/** Calls the API from a signed-in page, with the session headers the app keeps in its storage. */
export function callApi<T = Record<string, unknown>>(page: Page, group: string, name: string, body: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([url, payload]) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          token: localStorage.getItem('Token') ?? '',
          dbname: localStorage.getItem('dbName') ?? '',
        },
        body: JSON.stringify(payload),
      });
      return { status: res.status, json: await res.json() };
    },
    [`/api/${group}/${name}`, body] as const,
  );
}

/** The admin's new password in the files that use `demoLabAsAdmin`. */
export const DEMO_ADMIN_PASSWORD = 'Keeper@Soil2026';

/**
 * For one test file: a server on the demo lab, a browser, and a 1366x900 page signed in as the admin (after the
 * first-login change); closed after the file. `ready` receives them once they are up.
 */
export function demoLabAsAdmin(ready: (s: { server: RunningServer; page: Page }) => void): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInAdminFirstTime(page, server.url, DEMO_ADMIN_PASSWORD);
    ready({ server, page });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
