import { loadConfig, type Config } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { displayFingerprint, loadAuditKeys } from '../lib/audit-anchor';
import { verifyAuditChain, type VerifyResult } from '../lib/audit-verify';

/**
 * `npm run audit:verify`: checks the hash chains of the audit trail of the configured database and, with the lab's
 * public key (AUDIT_KEY_DIR or AUDIT_SIGNING_KEY), checks it against the newest signed checkpoint it can verify, of
 * the database and of the checkpoint file. Prints the key's fingerprint (compare it with the one the lab wrote
 * down) and the first bad row, if any; exits non-zero when the trail does not hold.
 */
export function verifyReport(r: VerifyResult, fingerprint: string | null): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  if (fingerprint) lines.push(`Audit key: ${displayFingerprint(fingerprint)}`);
  if (!r.anchor.checked) {
    lines.push('No audit public key was found (AUDIT_KEY_DIR / AUDIT_SIGNING_KEY): the hash chains were checked, the signed checkpoints were not.');
  }
  if (!r.ok) {
    const at = r.brokenAt!;
    lines.push(at.id > 0
      ? `Audit trail BROKEN at row ${at.id}: ${at.reason}. ${r.verified} rows before it verified.`
      : `Audit trail BROKEN: ${at.reason}.`);
    for (const p of r.anchor.problems.filter((p) => p !== at.reason)) lines.push(`  also: ${p}`);
    return { ok: false, lines };
  }
  if (r.anchor.untrusted.length) {
    lines.push(`Audit trail NOT FULLY VERIFIED: the chains of its ${r.verified} rows hold, but checkpoint${r.anchor.untrusted.length > 1 ? 's' : ''} #${r.anchor.untrusted.join(', #')} ${r.anchor.untrusted.length > 1 ? 'are' : 'is'} signed by a key that is not in AUDIT_KEY_DIR, so ${r.anchor.uncovered} rows only they vouch for were not checked. Put that key's public half (a .pub.pem file) in AUDIT_KEY_DIR.`);
    return { ok: false, lines };
  }
  lines.push(`Audit trail intact: verified ${r.verified} rows.`);
  const n = r.anchor.newest;
  if (n) {
    lines.push(`Signed checkpoint #${n.seq} of ${n.at} vouches for ${n.rowCount} of them; ${r.anchor.unanchored} newer rows are not anchored yet (the server anchors them within AUDIT_CHECKPOINT_SECONDS).`);
  } else if (r.anchor.checked) {
    lines.push('No signed checkpoint exists yet: nothing anchors the trail outside the database.');
  }
  const heads = Object.entries(r.heads ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  if (heads.length) lines.push(`Chain heads:\n${heads.map(([chain, h]) => `  chain ${chain}: row ${h.id} ${h.hash}`).join('\n')}`);
  return { ok: true, lines };
}

export async function auditVerify(config: Config = loadConfig()): Promise<number> {
  const keys = loadAuditKeys({ dir: config.auditKeyDir, signingKey: config.auditSigningKey, create: false });
  const handle = await openConfiguredDatabase(config);
  try {
    const { ok, lines } = verifyReport(await verifyAuditChain(handle.db, { keys }), keys.fingerprint);
    (ok ? console.log : console.error)(lines.join('\n'));
    return ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}
