import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { seed } from '../db/seed';

export const TEST_ADMIN_PASSWORD = 'Admin@12345';
export const TEST_TENANT = 'soillims';

export type TemplateInfo = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; serverUrl: string; template: string };

async function migrateAndSeed(db: Parameters<typeof migrateToLatest>[0]) {
  await migrateToLatest(db);
  await seed(db, { tenant: TEST_TENANT, adminInitialPassword: TEST_ADMIN_PASSWORD, demo: true });
}

/** URL of another database on the same server as `url`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function prepareTemplate(): Promise<TemplateInfo> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `lims_tpl_${process.pid}`;
    const admin = await openDatabase({ kind: 'postgres', url: serverUrl, poolSize: 1 });
    const { sql } = await import('kysely');
    await sql.raw(`drop database if exists ${template}`).execute(admin.db);
    await sql.raw(`create database ${template}`).execute(admin.db);
    await admin.close();
    const tpl = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, template), poolSize: 1 });
    await migrateAndSeed(tpl.db);
    await tpl.close();
    return { kind: 'postgres', serverUrl, template };
  }
  const h = await openDatabase({ kind: 'pglite-memory' });
  await migrateAndSeed(h.db);
  const dump = await h.pglite!.dumpDataDir('none');
  const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lims-test-')), 'template.tar');
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await h.close();
  return { kind: 'pglite', dumpFile };
}
