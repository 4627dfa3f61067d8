/**
 * Dates as the product types them: JJ/MM/AAAA text (spec 001, section 3).
 * Read as calendar days, with no time zone: a report date or a signing date
 * is a day, the same in Paris and in a server's UTC.
 */
export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const FRENCH_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const FIRST_YEAR = 1800;

/** The day a JJ/MM/AAAA text stands for, or null when it is no real day (31/02/2024, 2024-03-15). */
export function parseFrenchDate(text: string): CalendarDay | null {
  const match = FRENCH_DATE.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function formatFrenchDate(date: CalendarDay): string {
  return `${String(date.day).padStart(2, '0')}/${String(date.month).padStart(2, '0')}/${String(date.year).padStart(4, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The same day number `months` later; when that month is shorter, its last
 * day (Code de procédure civile, art. 641: 31/08 + 6 months is 28 or 29/02).
 */
export function addMonths(date: CalendarDay, months: number): CalendarDay {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function addDays(date: CalendarDay, days: number): CalendarDay {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Negative when `a` is before `b`, 0 the same day, positive after. */
export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}
