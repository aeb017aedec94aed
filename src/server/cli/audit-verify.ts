import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { verifyAuditChain } from '../lib/audit';

/**
 * `npm run audit:verify`: checks the hash chains of the audit trail of the configured database, and prints the
 * head of each chain (its newest row's id and hash). Keep those lines outside the database (with the backups):
 * a later run must show the same rows with the same hashes, which is what shows that no chain's end was cut off.
 */
export async function auditVerify(): Promise<number> {
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    const r = await verifyAuditChain(handle.db);
    if (r.ok) {
      console.log(`Audit trail intact: verified ${r.verified} rows.`);
      const heads = Object.entries(r.heads ?? {}).sort(([a], [b]) => Number(a) - Number(b));
      if (heads.length) console.log(`Chain heads (keep them; the same rows must verify later):\n${heads.map(([chain, h]) => `  chain ${chain}: row ${h.id} ${h.hash}`).join('\n')}`);
      return 0;
    }
    console.error(`Audit trail BROKEN at row ${r.brokenAt!.id}: ${r.brokenAt!.reason}. ${r.verified} rows before it verified.`);
    return 1;
  } finally {
    await handle.close();
  }
}
