/**
 * The lab's calendar: the Activity Log filters by calendar days in a time zone (the browser's), while
 * audit times are stored in UTC. These helpers turn a day in a zone into the UTC instant of its midnight
 * (daylight-saving aware, via Node's Intl) and format an instant in a zone.
 */
import { HttpError } from '../../plugins/errors';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function checkTimeZone(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') return 'UTC';
  if (typeof raw !== 'string' || raw.length > 64) throw new HttpError(400, 'The time zone must be a name such as Asia/Kolkata.');
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
  } catch {
    throw new HttpError(400, `The time zone '${raw}' is not known; send a name such as Asia/Kolkata.`);
  }
  return raw;
}

/** A 'YYYY-MM-DD' calendar day, or null when absent; 400 when it is not a real day. */
export function checkDay(raw: unknown, label: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const m = typeof raw === 'string' ? DAY.exec(raw.trim()) : null;
  const ok = m && (() => {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
  })();
  if (!m || !ok) throw new HttpError(400, `The ${label} date must be a date written YYYY-MM-DD.`);
  return m[0];
}

interface Parts { year: number; month: number; day: number; hour: number; minute: number; second: number }

function partsIn(instant: number, timeZone: string): Parts {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const p = Object.fromEntries(fmt.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second) };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which `day` (YYYY-MM-DD, plus `addDays`) begins in `timeZone`. */
export function startOfDay(day: string, timeZone: string, addDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d + addDays);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

const two = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a zone. */
export function formatIn(instant: Date, timeZone: string): string {
  const p = partsIn(instant.getTime(), timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}
