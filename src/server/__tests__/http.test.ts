import { createTestApp, type TestApp } from '../test-support/test-app';

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
