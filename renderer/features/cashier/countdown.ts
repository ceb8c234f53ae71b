import { useEffect, useState } from 'react';

/** mm:ss until `until`, refreshed every second; null when past. */
export function useCountdown(until: number | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!until || until <= now) return null;
  const s = Math.floor((until - now) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
