/**
 * Times as the user reads them, in their locale. The formatters are made once: `toLocale…String`
 * builds a new Intl.DateTimeFormat on every call, which cost a thread of a few hundred messages
 * most of its render time.
 */
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY_AND_CLOCK = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const DATE_AND_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A message time: the time of day for today, else the date and time, in the user's locale. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = parsed(iso);
  if (!date) return '';
  return date.toDateString() === now.toDateString() ? CLOCK.format(date) : DAY_AND_CLOCK.format(date);
}

/** The time of day only, whatever the day ("21:47"; a thread's messages under their day's date line, the event lists). */
export function formatClockTime(iso: string): string {
  const date = parsed(iso);
  return date ? CLOCK.format(date) : '';
}

/** The date and the time ("Nov 28, 2026, 9:47 PM"): lists of games and search results. */
export function formatDateAndTime(iso: string): string {
  const date = parsed(iso);
  return date ? DATE_AND_TIME.format(date) : '';
}

/** `clock`: the time of day only (the day is said elsewhere, e.g. a thread's date line). */
export function Time({ iso, clock }: { iso: string; clock?: boolean }) {
  return (
    <time className="message-time" dateTime={iso}>
      {clock ? formatClockTime(iso) : formatMessageTime(iso)}
    </time>
  );
}
