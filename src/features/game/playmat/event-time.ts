/** One formatter for every row of the event lists: `toLocaleTimeString` builds a new one per call. */
const TIME = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });

/** "21:47", or '' for a time that does not parse. */
export function eventTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : TIME.format(date);
}
