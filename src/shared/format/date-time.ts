export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A recorded moment as people read it in records (signatures, amendments, deletions): dd-MMM-yyyy HH:mm UTC.
 * Records are read by auditors in other time zones, so the time is always UTC and says so.
 */
export function formatUtcDateTime(iso: string | Date): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return String(iso);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${p2(at.getUTCDate())}-${MONTHS[at.getUTCMonth()]}-${at.getUTCFullYear()} ${p2(at.getUTCHours())}:${p2(at.getUTCMinutes())} UTC`;
}
