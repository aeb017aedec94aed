import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { verifyAuditChain } from '../lib/audit';

/** `npm run audit:verify`: checks the hash chain of the audit trail of the configured database. */
export async function auditVerify(): Promise<number> {
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    const r = await verifyAuditChain(handle.db);
    if (r.ok) {
      console.log(`Audit trail intact: verified ${r.verified} rows.`);
      return 0;
    }
    console.error(`Audit trail BROKEN at row ${r.brokenAt!.id}: ${r.brokenAt!.reason}. ${r.verified} rows before it verified.`);
    return 1;
  } finally {
    await handle.close();
  }
}
