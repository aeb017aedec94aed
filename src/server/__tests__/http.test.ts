import http from 'node:http';
import helmet from 'helmet';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { HELMET_OPTIONS } from '../plugins/security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('security headers: a content security policy without inline scripts, and no forced https on a lab network', async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(r.json()).toEqual({ status: 'OK' });
  const csp = String(r.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(r.headers['x-content-type-options']).toBe('nosniff');
});

test("every answer carries exactly the headers helmet's own middleware sets on a real response, errors included", async () => {
  // helmet itself, as middleware of a plain Node server: the reference the headers worked out once must match.
  const server = http.createServer((req, res) => helmet(HELMET_OPTIONS)(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const reference = await fetch(`http://127.0.0.1:${port}/`);
    const wanted = Object.fromEntries([...reference.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)));
    expect(Object.keys(wanted).length).toBeGreaterThan(8);
    for (const r of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'POST', url: '/api/master/getdepartment', payload: {} }), // 401
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }), // 404
    ]) {
      for (const [k, v] of Object.entries(wanted)) expect([k, r.headers[k]]).toEqual([k, v]);
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
  } finally {
    server.close();
  }
});

test('the client gets its transport key at run time, as a script file', async () => {
  const r = await t.app.inject({ method: 'GET', url: '/runtime-config.js' });
  expect(r.headers['content-type']).toMatch(/javascript/);
  expect(r.body).toBe('window.__LIMS_CONFIG__ = {"cryptoKey":"8080808080808080","defaultDbName":"soillims"};\n');
});

test('the OpenAPI document lists the legacy endpoints', async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = r.json();
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/signin', '/api/auth/changePassword', '/api/transaction/checklogin', '/api/menu/menuofUserforjosn']));
});

test('unknown paths and methods get a plain 404 sentence', async () => {
  const r = await t.app.inject({ method: 'POST', url: '/api/master/noSuchThing', payload: {} });
  expect(r.statusCode).toBe(404);
  expect(r.json().message).toBe('There is no POST /api/master/noSuchThing here.');
});
