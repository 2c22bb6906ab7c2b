/**
 * The time now, refreshed every `everyMs` while `running` (the game clocks). When it starts
 * running again (the clocks resumed) it reads the time at once: the last reading may be from
 * before a long pause, and a clock computed from it would show a moment's wrong time.
 */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 1000, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  const [wasRunning, setWasRunning] = useState(running);
  if (running !== wasRunning) {
    setWasRunning(running);
    if (running) setNow(Date.now());
  }
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}
