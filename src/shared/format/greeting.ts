/** Greeting rule of spec 000 section 2: morning 05:00 to before 12:00, afternoon 12:00 to before 18:00, else evening. */
export function greeting(at: Date): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  const h = at.getHours();
  if (h >= 5 && h < 12) return 'Good Morning';
  if (h >= 12 && h < 18) return 'Good Afternoon';
  return 'Good Evening';
}

import { MONTHS } from './date-time';

/** dd-MMM-yyyy in local time, e.g. 05-Mar-2026. */
export function formatDisplayDate(at: Date): string {
  const dd = String(at.getDate()).padStart(2, '0');
  return `${dd}-${MONTHS[at.getMonth()]}-${at.getFullYear()}`;
}
