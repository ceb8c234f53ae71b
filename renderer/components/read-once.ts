import { useEffect } from 'react';

/**
 * Reads from the service once, when the component appears, and hands the answer to `take`
 * unless the component is gone by then.
 */
export function useReadOnce<T>(read: () => Promise<T>, take: (answer: T) => void): void {
  useEffect(() => {
    let live = true;
    void read().then((answer) => {
      if (live) take(answer);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on open: the callbacks are new at each render, the reading is not
  }, []);
}
