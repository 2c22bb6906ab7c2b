/** A message time: the time of day for today, else the date and time, in the user's locale. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function Time({ iso }: { iso: string }) {
  return (
    <time className="message-time" dateTime={iso}>
      {formatMessageTime(iso)}
    </time>
  );
}
