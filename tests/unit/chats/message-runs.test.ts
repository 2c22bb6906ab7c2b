/** A thread's layout: date lines between days, runs of one sender's consecutive messages. */
import { describe, expect, it } from 'vitest';
import { TODAY, YESTERDAY, dayLabel, threadPlaces } from '../../../src/features/messages/message-runs';

// Local times, so the days are the runner's calendar days whatever its time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
const now = new Date(2026, 10, 28, 12, 0);
const message = (id: string, sender: string, createdAt: string) => ({ id, sender, createdAt });

describe('dayLabel', () => {
  it("says Today, Yesterday, else the date, with the year only for another year's", () => {
    expect(dayLabel(at(28, 0, 1), now)).toBe(TODAY);
    expect(dayLabel(at(27, 23, 59), now)).toBe(YESTERDAY);
    const older = dayLabel(at(20, 9), now);
    expect(older).not.toBe(TODAY);
    expect(older).toContain('20');
    expect(older).not.toContain('2026');
    expect(dayLabel(new Date(2025, 11, 31, 9).toISOString(), now)).toContain('2025');
  });

  it('says Yesterday across a month boundary', () => {
    expect(dayLabel(new Date(2026, 10, 30, 22).toISOString(), new Date(2026, 11, 1, 8))).toBe(YESTERDAY);
  });
});

describe('threadPlaces', () => {
  it('groups consecutive messages of one sender and puts a date line before each day', () => {
    const messages = [
      message('a', 'bo', at(27, 20)),
      message('b', 'bo', at(27, 20, 1)),
      message('c', 'me', at(27, 20, 2)),
      message('d', 'me', at(28, 9)),
      message('e', 'me', at(28, 9, 1)),
      message('f', 'bo', at(28, 9, 2)),
    ];
    const places = threadPlaces(messages, (each) => each.sender, null, now);
    expect(messages.map((each) => places.get(each.id))).toEqual([
      { day: YESTERDAY, runStart: true, runEnd: false },
      { day: null, runStart: false, runEnd: true },
      { day: null, runStart: true, runEnd: true },
      // Same sender as the message before, but a new day: a new run.
      { day: TODAY, runStart: true, runEnd: false },
      { day: null, runStart: false, runEnd: true },
      { day: null, runStart: true, runEnd: true },
    ]);
  });

  it('starts a run at the "New messages" line even within one sender\'s messages', () => {
    const messages = [message('a', 'bo', at(28, 9)), message('b', 'bo', at(28, 9, 1)), message('c', 'bo', at(28, 9, 2))];
    const places = threadPlaces(messages, (each) => each.sender, 'b', now);
    expect(messages.map((each) => [places.get(each.id)!.runStart, places.get(each.id)!.runEnd])).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ]);
  });

  it('gives an empty thread no places and a single message a run of its own', () => {
    expect(threadPlaces([], () => 'x', null, now).size).toBe(0);
    expect(threadPlaces([message('a', 'bo', at(28, 9))], (each) => each.sender, null, now).get('a')).toEqual({ day: TODAY, runStart: true, runEnd: true });
  });
});
