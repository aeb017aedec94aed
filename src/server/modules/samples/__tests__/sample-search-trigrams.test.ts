/**
 * A Sample Inward search whose text has an uncommon part asks the trigram index for that part only and tests the
 * whole text on the rows it finds (search-trigrams.ts, sample-repository.ts searchPage). These tests hold that it
 * answers exactly the rows and totals of the plain `ilike` on the joined columns, on a lab larger than the trigram
 * sample (1,200 generated samples against a sample of 1,000 rows picked by random ids).
 */
import { sql, type Kysely } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../../../test-support/test-app';
import { bulkLoad } from '../../../cli/seed-bulk';
import { forgetCachedAnswers } from '../../../lib/commit-cache';
import { JOINED_SAMPLE_TEXT } from '../../../test-support/sample-text';
import type { Database } from '../../../db/types';
import type { LoginResponse } from '../../../../shared/contract/session';
import { holdsGrams, listSamples, PAGE_SIZE } from '../sample-repository';
import {
  COMMON_SHARE, forgetTrigramSample, gramsOf, rareGrams, rareWindow, REFRESH_MS, RETRY_MS, SAMPLE_ROWS, sampleOf, trigramSample, trigramSampleRead, trigramsOf,
  type TrigramSample,
} from '../search-trigrams';

describe('rareWindow (no database)', () => {
  // 100 rows: 'sc0' in all, 'c05' in ten, the digit trigrams in one each.
  const counts = new Map<string, number>([['sc0', 100], ['c05', 10], ['056', 1], ['567', 1], ['678', 1], ['pun', 12], ['une', 12]]);
  const sample: TrigramSample = { rows: 100, counts, grams: new Map() };

  test('the longest run of uncommon trigrams, as the text was sent', () => {
    expect(rareWindow('SC05678', sample)).toBe('05678');
    expect(rareWindow('sc05678', sample)).toBe('05678');
    // Trigrams the sample never saw are uncommon: the whole word.
    expect(rareWindow('Zebediah', sample)).toBe('Zebediah');
  });

  test('no part: common trigrams only, fewer than three letters or digits in a run, or no sample yet', () => {
    expect(rareWindow('Pune', sample)).toBeUndefined();
    expect(rareWindow('sc0', sample)).toBeUndefined();
    expect(rareWindow('ab cd-ef', sample)).toBeUndefined();
    expect(rareWindow('%_\\', sample)).toBeUndefined();
    expect(rareWindow('SC05678', undefined)).toBeUndefined();
    expect(rareWindow('SC05678', { rows: 0, counts: new Map(), grams: new Map() })).toBeUndefined();
  });

  test('a share of exactly COMMON_SHARE is uncommon, above it common', () => {
    const at = { rows: 100, counts: new Map([['abc', Math.round(100 * COMMON_SHARE)], ['bcd', Math.round(100 * COMMON_SHARE) + 1]]), grams: new Map() };
    expect(rareWindow('abcd', at)).toBe('abc');
  });

  test('only ASCII letters and digits make a part (lower() maps them one for one); of two as long, the rarer', () => {
    // 'İ' is not ASCII: the runs are 'stan' and 'bul9'.
    const s = { rows: 100, counts: new Map([['sta', 3], ['tan', 3], ['bul', 1], ['ul9', 1]]), grams: new Map() };
    expect(rareWindow('İstan bul9', s)).toBe('bul9');
    expect(rareWindow('Ωmega', { rows: 1, counts: new Map(), grams: new Map() })).toBe('mega');
  });

  test('trigramsOf and sampleOf count each trigram once a row', () => {
    expect(trigramsOf('SC0-ab12\nPune')).toEqual(['sc0', 'ab1', 'b12', 'pun', 'une']);
    const s = sampleOf(['aaaa aaaa', 'xaaa', 'yz']);
    expect([s.rows, s.counts.get('aaa'), s.counts.get('xaa'), s.counts.has('yz')]).toEqual([3, 2, 1, false]);
  });

  test('gramsOf and sampleOf: five-long windows of ASCII letters and digits, each counted once a row', () => {
    expect(gramsOf('SC05678-ab1\nPune İstanbul')).toEqual(['sc056', 'c0567', '05678', 'stanb', 'tanbu', 'anbul']);
    const s = sampleOf(['abcdef abcde', 'xabcde', 'abcd']);
    expect([s.counts.get('abc'), s.grams.get('abcde'), s.grams.get('bcdef'), s.grams.get('xabcd'), s.grams.has('abcd')]).toEqual([3, 2, 1, 1, false]);
  });
});

describe('rareGrams (no database)', () => {
  // 100 rows: the parts of a code in one to three of them, the start of a common state's name in 40.
  const grams = new Map<string, number>([['sc056', 3], ['c0567', 1], ['05678', 2], ['mahar', 40], ['ahara', 40]]);
  const sample: TrigramSample = { rows: 100, counts: new Map(), grams };

  test('the rarest gram, then the rarest of the rest, of those the farthest from the first', () => {
    expect(rareGrams('SC05678', sample)).toEqual(['c0567', '05678']);
    // Unseen grams are the rarest: of the unseen rest, the farthest from the first.
    expect(rareGrams('Zebediah', sample)).toEqual(['zebed', 'ediah']);
    expect(rareGrams('sc0567', sample)).toEqual(['c0567', 'sc056']);
  });

  test('one uncommon gram is asked twice; none, a run shorter than five, a capital I or no sample: undefined', () => {
    expect(rareGrams('Maharashtra', { ...sample, grams: new Map([...grams, ['haras', 40], ['arash', 40], ['rasht', 40], ['ashtr', 40]]) })).toEqual(['shtra', 'shtra']);
    expect(rareGrams('Mahara', sample)).toBeUndefined();
    expect(rareGrams('Pune', sample)).toBeUndefined();
    expect(rareGrams('ab-cdef-gh', sample)).toBeUndefined();
    // PostgreSQL may lower-case a capital I to a dotless ı (a Turkish locale), which the index of ASCII parts never holds.
    expect(rareGrams('SIKKIM', sample)).toBeUndefined();
    expect(rareGrams('Sikkim', sample)).toEqual(['sikki', 'ikkim']);
    expect(rareGrams('SC05678', undefined)).toBeUndefined();
  });

  test('a share of exactly COMMON_SHARE is uncommon, above it common', () => {
    const at = { rows: 100, counts: new Map(), grams: new Map([['abcde', Math.round(100 * COMMON_SHARE)], ['bcdef', Math.round(100 * COMMON_SHARE) + 1]]) };
    expect(rareGrams('abcdef', at)).toEqual(['abcde', 'abcde']);
  });
});

describe('on a lab of 1,200 generated samples', () => {
  let t: TestApp;
  let admin: LoginResponse;
  let db: Kysely<Database>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
    db = t.handle.db;
    await bulkLoad(db, { samples: 1200, tenant: TEST_TENANT, batch: 500, seed: 11 });
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    forgetCachedAnswers(db);
    forgetTrigramSample(db);
  });

  const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  /** The first page and the number of matches, by the plain ilike on the joined columns, in the list's order. */
  async function oracle(text: string) {
    const where = sql<boolean>`${JOINED_SAMPLE_TEXT} ilike ${likeEscaped(text.replace(/[\r\n]+/g, ' '))}`;
    const page = await db.selectFrom('sample_inward').select('sampleno').where(where).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PAGE_SIZE).execute();
    const n = await db.selectFrom('sample_inward').select(sql<number>`count(*)::int`.as('n')).where(where).executeTakeFirstOrThrow();
    return { page: page.map((r) => r.sampleno), total: Number(n.n) };
  }
  async function searched(text: string, page = 1) {
    forgetCachedAnswers(db);
    const r = await listSamples(db, { page, search: text });
    return { page: r.rows.map((row) => row.sampleno), total: r.total };
  }

  test('the sample is SAMPLE_ROWS rows picked by id; the sample codes make their first trigrams common', async () => {
    const total = Number((await db.selectFrom('sample_inward').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
    expect(total).toBeGreaterThan(SAMPLE_ROWS);
    expect(trigramSample(db)).toBeUndefined();
    const s = (await trigramSampleRead(db))!;
    // Random ids may repeat an id's pick only by chance of the set: exactly SAMPLE_ROWS distinct ids, each a row.
    expect(s.rows).toBe(SAMPLE_ROWS);
    expect((s.counts.get('sc0') ?? 0) / s.rows).toBeGreaterThan(0.9);
    expect(trigramSample(db)).toBe(s);
  });

  test('every kind of text answers exactly the plain ilike, rare part or not (page and total)', async () => {
    const sample = (await trigramSampleRead(db))!;
    const rows = await db.selectFrom('sample_inward').select(['sampleinno', 'sampleno', 'sampledby', 'resource_name', 'state_name', 'district_name', 'source', 'otp']).orderBy('id').execute();
    // Parts of stored values as a user types them: codes, their middles, numbers, names, mixed case, punctuation.
    let seed = 17;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0, (seed >>> 8) % n);
    const texts = new Set<string>(['SC0001', 'sc00123', '0012', 'SI-2026-0001', 'Pune', 'pune', 'une', 'Ludhiana', 'field', '%', '_', 'a_b', '100%', 'Ωmega', 'İst']);
    while (texts.size < 160) {
      const r = rows[rnd(rows.length)] as Record<string, string>;
      const value = String(Object.values(r)[rnd(8)]);
      const from = rnd(Math.max(1, value.length - 2));
      // Half of them three or four long (no gram: a trigram part or the walk), half five to eight.
      let text = value.slice(from, from + (texts.size % 2 ? 3 + rnd(2) : 5 + rnd(4)));
      if (rnd(3) === 0) text = text.toUpperCase();
      if (text.trim()) texts.add(text);
    }
    const ways = { grams: 0, part: 0, walk: 0 };
    for (const text of texts) {
      ways[rareGrams(text, sample) ? 'grams' : rareWindow(text, sample) ? 'part' : 'walk']++;
      expect({ text, ...(await searched(text)) }).toEqual({ text, ...(await oracle(text)) });
    }
    // Every way was tried, many times each.
    expect(Math.min(ways.grams, ways.part, ways.walk)).toBeGreaterThan(15);
  }, 120_000);

  test('a text with a rare part is one statement; a common one walks first', async () => {
    await trigramSampleRead(db);
    const answered: string[] = [];
    const spy = db.withPlugin({
      transformQuery: (a) => a.node,
      transformResult: async (a) => {
        answered.push(Object.keys(a.result.rows[0] ?? {}).join(','));
        return a.result;
      },
    });
    await trigramSampleRead(spy);
    const code = (await db.selectFrom('sample_inward').select('sampleno').orderBy('id').offset(500).limit(1).executeTakeFirstOrThrow()).sampleno;
    answered.length = 0;
    const found = await listSamples(spy, { page: 1, search: code.slice(0, -1) });
    expect(found.rows.length).toBeGreaterThan(0);
    expect(found.rows.every((r) => r.sampleno.startsWith(code.slice(0, -1)))).toBe(true);
    expect(answered).toHaveLength(1);
    expect(answered[0].split(',')).toContain('matched');
    // A common text: the walk answers its page (no 'matched' column), and its total is counted.
    answered.length = 0;
    forgetCachedAnswers(spy);
    await listSamples(spy, { page: 1, search: 'SC0' });
    expect(answered[0].split(',')).not.toContain('matched');
  });

  test('a part or grams rare in the sample but common in fact still answer every match: each page, deep reversed ones too, and the exact total', async () => {
    await trigramSampleRead(db);
    // 1,100 samples take a name the sample has never seen: past FAR_OFFSET, so the last pages are read from the other end.
    await sql`update sample_inward set sampledby = 'Zqxvbn Collector' where id in (select id from sample_inward order by created_at, id limit 1100)`.execute(db);
    // 'zqxv' is a trigram part (four letters: no gram); 'zqxvbn' two grams.
    expect([rareWindow('zqxv', trigramSample(db)), rareGrams('zqxv', trigramSample(db)), rareGrams('zqxvbn', trigramSample(db))]).toEqual(['zqxv', undefined, ['zqxvb', 'qxvbn']]);
    for (const text of ['zqxv', 'zqxvbn']) {
      const where = sql<boolean>`${JOINED_SAMPLE_TEXT} ilike ${`%${text}%`}`;
      for (const page of [1, 2, 50, 101, 105, 110]) {
        const expected = await db.selectFrom('sample_inward').select('sampleno').where(where).orderBy('created_at', 'desc').orderBy('id', 'desc')
          .offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE).execute();
        expect({ text, pageno: page, ...(await searched(text, page)) }).toEqual({ text, pageno: page, page: expected.map((r) => r.sampleno), total: 1100 });
      }
      // Over HTTP too, in capitals.
      const res = await t.post('/api/transaction/getSearchForsampleinward', { searchText: text.toUpperCase(), pageno: 1 }, admin);
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<{ totalItems: number; sampleno: string }>;
      expect(rows.map((r) => r.sampleno)).toEqual((await oracle(text)).page);
      expect(rows[0].totalItems).toBe(1100);
    }
  });

  test('the gram index holds exactly the grams the server asks for, of any letters, and answers the statement', async () => {
    const texts = ['İstanbul İZMİR ıspanak', 'ΣΊΣΥΦΟΣ σίσυφος Sisyphus', 'Ærøskøbing Farm', 'naïve NAÏVE café-CAFÉ', 'ABCDE-fghij_klmno 12345%67890', 'STRASSE Straße'];
    const ids = (await db.selectFrom('sample_inward').select('id').orderBy('id', 'desc').limit(texts.length).execute()).map((r) => r.id);
    for (const [i, id] of ids.entries()) await sql`update sample_inward set source = ${texts[i]} where id = ${id}`.execute(db);
    const rows = (await sql<{ id: number; search_text: string; grams: string[] }>`select id, search_text, sample_search_grams(search_text) as grams from sample_inward`.execute(db)).rows;
    expect(rows.length).toBeGreaterThan(SAMPLE_ROWS);
    for (const r of rows) expect({ id: r.id, grams: [...r.grams].sort() }).toEqual({ id: r.id, grams: [...new Set(gramsOf(r.search_text))].sort() });
    // Each edited text is found by its grams, as the user typed it in any case (a capital I is never asked for).
    for (const [i, text] of texts.entries()) {
      for (const word of text.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 5 && !w.includes('I'))) {
        forgetCachedAnswers(db);
        const found = await listSamples(db, { page: 1, search: word.toUpperCase() });
        expect({ word, found: found.rows.some((row) => row.id === ids[i]) }).toEqual({ word, found: true });
      }
    }
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return (await sql<{ 'QUERY PLAN': string }>`explain select count(*) from sample_inward where ${holdsGrams('abcde', 'fghij')}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('sample_inward_search_grams_idx');
  });

  test("a rare part beside %, _ and \\: the whole text is tested literally, as the escaped pattern is", async () => {
    await trigramSampleRead(db);
    await sql`update sample_inward set sampledby = case when id % 2 = 0 then 'Zqxw_1%\\x Lab' else 'ZqxwA1%\\x Lab' end where id in (select id from sample_inward order by id limit 10)`.execute(db);
    for (const text of ['zqxw_1', 'ZQXW_1%\\X', 'zqxwa1', 'zqxw_', 'zqxw%', '1%\\x', '%\\x', 'zqxw']) {
      const expected = await oracle(text);
      expect({ text, rare: Boolean(rareWindow(text, trigramSample(db))), ...(await searched(text)) })
        .toEqual({ text, rare: /zqxw/i.test(text), ...expected });
    }
    expect((await oracle('zqxw_1')).total).toBe(5);
    expect((await oracle('zqxw')).total).toBe(10);
  });

  test('a sample REFRESH_MS old is read again in the background while searches use the old one; a failed read leaves searches as they were', async () => {
    const first = (await trigramSampleRead(db))!;
    expect(trigramSample(db, Date.now() + REFRESH_MS - 1_000)).toBe(first);
    // Old enough: the call still answers the old sample, and the next read replaces it.
    expect(trigramSample(db, Date.now() + REFRESH_MS + 1_000)).toBe(first);
    const second = await trigramSampleRead(db);
    expect(second).not.toBe(first);
    expect(second!.rows).toBe(SAMPLE_ROWS);

    // The first statement of a handle fails: no sample, the search answers as without one, and the next call reads again.
    let failures = 1;
    const flaky = db.withPlugin({
      transformQuery: (a) => {
        if (failures-- > 0) throw new Error('the database went away');
        return a.node;
      },
      transformResult: async (a) => a.result,
    });
    expect(await trigramSampleRead(flaky)).toBeUndefined();
    const code = (await db.selectFrom('sample_inward').select('sampleno').orderBy('id').offset(700).limit(1).executeTakeFirstOrThrow()).sampleno;
    forgetCachedAnswers(flaky);
    const r = await listSamples(flaky, { page: 1, search: code });
    expect({ page: r.rows.map((row) => row.sampleno), total: r.total }).toEqual(await oracle(code));
    // Not read again at every search while the database is away: RETRY_MS later.
    const reads = failures;
    trigramSample(flaky);
    expect(failures).toBe(reads);
    expect(trigramSample(flaky, Date.now() + RETRY_MS + 1_000)).toBeUndefined();
    expect((await trigramSampleRead(flaky))?.rows).toBe(SAMPLE_ROWS);
  });
});
