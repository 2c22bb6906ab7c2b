/** A message time: the time of day for today, else the date and time, in the user's locale. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The time of day only, whatever the day (a chat thread's messages, under their day's date line). */
export function formatClockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** `clock`: the time of day only (the day is said elsewhere, e.g. a thread's date line). */
export function Time({ iso, clock }: { iso: string; clock?: boolean }) {
  return (
    <time className="message-time" dateTime={iso}>
      {clock ? formatClockTime(iso) : formatMessageTime(iso)}
    </time>
  );
}
