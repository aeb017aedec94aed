import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Gzipped JavaScript of the built client (build/client): the login route (every script the browser loads
 * to show #/login, recorded with Chromium; without Chromium, the entry scripts of index.html plus the
 * login chunk) and each route chunk of the current build (a chunk whose content hash the entry scripts
 * reference; older builds' files left in build/client/js are skipped).
 */
const ROOT = path.resolve(__dirname, '..');
const CLIENT = path.join(ROOT, 'build', 'client');
const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;

export interface ClientSizes {
  loginGzBytes: number;
  loginScripts: string[];
  measuredWith: 'chromium' | 'index.html';
  chunks: Array<{ file: string; gzBytes: number }>;
}

function entryScripts(): string[] {
  const html = fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]*src=["']?([^"' >]+)/g)].map((m) => m[1]).filter((s) => s.startsWith('/js/'));
}

/** The chunks of the current build: the entry scripts and every chunk whose hash they mention. */
function currentChunks(): string[] {
  const entries = entryScripts().map((s) => path.basename(s));
  const entryText = entries.map((f) => fs.readFileSync(path.join(CLIENT, 'js', f), 'utf8')).join('\n');
  return fs.readdirSync(path.join(CLIENT, 'js')).filter((f) => {
    if (!f.endsWith('.js')) return false;
    if (entries.includes(f)) return true;
    const hash = /\.([0-9a-f]{8,})\.js$/.exec(f)?.[1];
    return hash ? entryText.includes(hash) : false;
  });
}

async function loginScriptsWithChromium(baseUrl: string): Promise<Array<{ url: string; body: Buffer }> | null> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    const scripts: Array<Promise<{ url: string; body: Buffer }>> = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((body) => ({ url: res.url(), body })));
    });
    await page.goto(`${baseUrl}/#/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 20_000 });
    return Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

export async function clientSizes(baseUrl: string | null): Promise<ClientSizes> {
  const chunks = currentChunks()
    .map((file) => ({ file, gzBytes: gz(fs.readFileSync(path.join(CLIENT, 'js', file))) }))
    .sort((a, b) => b.gzBytes - a.gzBytes);
  const loaded = baseUrl ? await loginScriptsWithChromium(baseUrl).catch(() => null) : null;
  if (loaded) {
    return {
      loginGzBytes: loaded.reduce((a, s) => a + gz(s.body), 0),
      loginScripts: loaded.map((s) => new URL(s.url).pathname),
      measuredWith: 'chromium',
      chunks,
    };
  }
  const login = [...entryScripts().map((s) => path.basename(s)), ...chunks.map((c) => c.file).filter((f) => f.startsWith('login.'))];
  return {
    loginGzBytes: login.reduce((a, f) => a + gz(fs.readFileSync(path.join(CLIENT, 'js', f))), 0),
    loginScripts: login.map((f) => `/js/${f}`),
    measuredWith: 'index.html',
    chunks,
  };
}

export const clientBuilt = () => fs.existsSync(path.join(CLIENT, 'index.html'));
