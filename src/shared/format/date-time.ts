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

/**
 * A calendar day as people read it everywhere (the top bar's format): '2026-01-10' -> '10-Jan-2026'. A day has
 * no time zone, so the text is read as it is; anything that is not a yyyy-mm-dd day is shown unchanged.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return day;
  return `${m[3]}-${MONTHS[Number(m[2]) - 1]}-${m[1]}`;
}
