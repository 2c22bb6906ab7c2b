/** The time now, refreshed every `everyMs` while mounted (the game clocks). */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 1000, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}
