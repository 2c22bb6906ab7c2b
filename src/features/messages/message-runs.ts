/**
 * How a chat thread lays its messages out, as chat apps do: a date line before the first message
 * of each day ("Today", "Yesterday", else the date), and runs of consecutive messages from one
 * sender, whose first message carries the sender's avatar and name. A run ends at a new sender, a
 * new day and the "New messages" line (the first unread message starts a run of its own, so its
 * sender shows under the line). Days are the user's local calendar days. Pure: no React, no clock
 * of its own (`now` is passed in).
 */

export const TODAY = 'Today';
export const YESTERDAY = 'Yesterday';

/** Made once: `toLocaleDateString` builds a formatter per call. */
const DAY_THIS_YEAR = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const DAY_OTHER_YEAR = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

export interface ThreadPlace {
  /** The date line to draw before this message, when it is the first of its day. */
  day: string | null;
  /** First of its run: the sender's avatar and name go here. */
  runStart: boolean;
  /** Last of its run: the gap after it is a run's gap. */
  runEnd: boolean;
}

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** "Today", "Yesterday", or the date (with the year only when it is not this year's). */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (dayKey(date) === dayKey(now)) return TODAY;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return YESTERDAY;
  return (date.getFullYear() === now.getFullYear() ? DAY_THIS_YEAR : DAY_OTHER_YEAR).format(date);
}

interface Placeable {
  id: string;
  createdAt: string;
}

/**
 * The place of every message of a thread (oldest first), by id. `senderOf` names who sent a
 * message; `breakBefore` is the message the "New messages" line goes before, if any.
 */
export function threadPlaces<T extends Placeable>(messages: readonly T[], senderOf: (message: T) => string, breakBefore: string | null = null, now: Date = new Date()): Map<string, ThreadPlace> {
  const places = new Map<string, ThreadPlace>();
  let previous: { sender: string; day: string; place: ThreadPlace } | null = null;
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const day = Number.isNaN(date.getTime()) ? '' : dayKey(date);
    const sender = senderOf(message);
    const newDay = !previous || previous.day !== day;
    const runStart = newDay || previous!.sender !== sender || message.id === breakBefore;
    if (previous && runStart) previous.place.runEnd = true;
    const place: ThreadPlace = { day: newDay ? dayLabel(message.createdAt, now) || null : null, runStart, runEnd: false };
    places.set(message.id, place);
    previous = { sender, day, place };
  }
  if (previous) previous.place.runEnd = true;
  return places;
}
