import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connection';
import type { TemplateInfo } from './template';
import { freshDatabase } from './test-app';

/** A test's own copy of a snapshot: the database part of a TestApp, so helpers written for one take it. */
export interface DatabaseCopy {
  handle: DbHandle;
  /** Closes and removes this copy. */
  close(): Promise<void>;
}

export interface DatabaseSnapshot {
  copy(): Promise<DatabaseCopy>;
  /** Removes the snapshot (copies already made are the tests' to close). */
  dispose(): Promise<void>;
}

/**
 * A database state that is costly to build, built once (on a fresh copy of the test template) and copied for each
 * test, which may then change its copy freely. The copies are made exactly as each file's fresh database is
 * (freshDatabase): PGlite, the built data dir dumped and loaded into a new instance; PostgreSQL, a new database
 * with the built one as its template.
 */
export async function snapshotDatabase(build: (handle: DbHandle) => Promise<void>): Promise<DatabaseSnapshot> {
  const src = await freshDatabase();
  let info: TemplateInfo;
  try {
    await build(src);
    if (src.kind === 'pglite') {
      const dump = await src.pglite!.dumpDataDir('none');
      const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lims-snapshot-')), 'snapshot.tar');
      fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
      info = { kind: 'pglite', dumpFile };
    } else {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(src.db);
      const { serverUrl } = JSON.parse(process.env.LIMS_TEST_TEMPLATE!) as Extract<TemplateInfo, { kind: 'postgres' }>;
      info = { kind: 'postgres', serverUrl, template: rows[0].name };
    }
  } catch (err) {
    await src.close();
    await src.drop();
    throw err;
  }
  // PostgreSQL copies only a database nobody is connected to: the builder's connections go now (CREATE DATABASE
  // waits a few seconds for their backends to leave), and the built database stays, as the template, until dispose.
  await src.close();
  const snapshot = info;
  return {
    async copy() {
      const h = await freshDatabase(snapshot);
      return {
        handle: h,
        async close() {
          await h.close();
          await h.drop();
        },
      };
    },
    async dispose() {
      await src.drop();
      if (snapshot.kind === 'pglite') fs.rmSync(path.dirname(snapshot.dumpFile), { recursive: true, force: true });
    },
  };
}
