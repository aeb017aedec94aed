import Fastify from 'fastify';
import { bodyOf } from '../../lib/body';
import { sql } from 'kysely';
import { registerErrorHandling } from '../errors';
import { openDatabase } from '../../db/connection';

test('a value the database refuses becomes a plain 4xx (real PostgreSQL errors), NUL text is refused up front', async () => {
  const h = await openDatabase({ kind: 'pglite-memory' });
  await sql`create table t (name varchar(3) not null, n smallint, d date, u int unique)`.execute(h.db);
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.post('/api/t', async (req) => {
    const b = bodyOf(req);
    await sql`insert into t (name, n, d, u) values (${b.name}, ${b.n}, ${b.d}, ${b.u})`.execute(h.db);
    return { ok: true };
  });
  const send = async (body: unknown) => {
    const r = await app.inject({ method: 'POST', url: '/api/t', payload: body as object });
    return [r.statusCode, r.json().message ?? r.json().ok];
  };
  try {
    expect(await send({ name: 'abc', n: 1, d: '2026-01-01', u: 1 })).toEqual([200, true]);
    expect(await send({ name: 'abcd', n: 1 })).toEqual([400, 'A value in the request is too long for its field.']);
    expect(await send({ name: 'a', n: 70000 })).toEqual([400, 'A number in the request is out of range.']);
    expect(await send({ name: 'a', n: 'x' })).toEqual([400, 'A value in the request is not of the expected type.']);
    expect(await send({ name: 'a', d: '2026-02-30' })).toEqual([400, 'A date or time in the request is out of range.']);
    expect(await send({ name: null })).toEqual([400, 'A required value is missing.']);
    expect(await send({ name: 'a', u: 1 })).toEqual([409, 'This record already exists.']);
    expect(await send({ name: 'a\u0000b' })).toEqual([400, 'Text in the request must not contain the NUL character.']);
    expect(await send({ ['k\u0000']: 1, name: 'a' })).toEqual([400, 'Text in the request must not contain the NUL character.']);
    expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(h.db)).rows[0].n).toBe(1);
  } finally {
    await app.close();
    await h.close();
  }
});
