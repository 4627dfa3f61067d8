/**
 * The history's date filters are days as people in France mean them: from
 * midnight in Paris. The instant of that midnight, from the offsets Intl
 * knows (summer and winter time included).
 */
const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parisOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(parisParts.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a Paris day (YYYY-MM-DD) starts. */
export function parisDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const guess = new Date(utcMidnight.getTime() - parisOffsetMinutes(utcMidnight) * 60_000);
  return new Date(utcMidnight.getTime() - parisOffsetMinutes(guess) * 60_000);
}

/** The instant the next Paris day starts: the end (excluded) of a `to` filter. */
export function parisDayEnd(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return parisDayStart(next.toISOString().slice(0, 10));
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "24/11/2026 14:05:09", Paris time: how the tab, the CSV and the PDF write an instant. */
export function formatHistoryInstant(iso: string): string {
  return parisDateTime.format(new Date(iso)).replace(',', '');
}
