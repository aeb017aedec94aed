import Fastify from 'fastify';
import { registerErrorHandling } from '../errors';
import { BODY_MSG, MAX_BODY_DEPTH, jsonDepthOver, registerJsonBody } from '../json-body';

test('the depth of JSON text counts brackets outside strings only', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  expect(jsonDepthOver(nested(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
  expect(jsonDepthOver(nested(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
  expect(jsonDepthOver(`{"a":${nested(3)},"b":{"c":[1,{"d":2}]}}`, 4)).toBe(false);
  expect(jsonDepthOver(`{"a":{"b":{"c":{"d":1}}}}`, 3)).toBe(true);
  // Brackets and escaped quotes inside strings are text.
  expect(jsonDepthOver(JSON.stringify({ a: '['.repeat(100), b: '"{{{\\"[[[' }), 2)).toBe(false);
  expect(jsonDepthOver(JSON.stringify({ a: 'x\\', b: [[[1]]] }), 3)).toBe(true);
});

test('a body nested too deeply or with prototype keys is refused before it is parsed; others parse as before', async () => {
  const app = Fastify({ logger: false });
  registerJsonBody(app);
  registerErrorHandling(app);
  app.post('/api/echo', async (req) => ({ body: req.body }));
  const send = async (payload: string) => {
    const r = await app.inject({ method: 'POST', url: '/api/echo', payload, headers: { 'content-type': 'application/json; charset=utf-8' } });
    return [r.statusCode, r.json().message ?? r.json().body];
  };
  try {
    expect(await send(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toEqual([400, BODY_MSG.tooDeep]);
    expect(await send('{"__proto__":{"admin":true}}')).toEqual([400, BODY_MSG.protoKey]);
    expect(await send('{"constructor":{"prototype":{"admin":true}}}')).toEqual([400, BODY_MSG.protoKey]);
    expect(await send('{"a":[1,{"b":"[[["}]}')).toEqual([200, { a: [1, { b: '[[[' }] }]);
    expect(await send('{"constructor":"x"}')).toEqual([200, { constructor: 'x' }]);
    expect(await send('{"a":')).toEqual([400, 'The request body is not valid JSON.']);
    expect(await send('')).toEqual([400, 'The request body is empty; send a JSON object.']);
  } finally {
    await app.close();
  }
});
