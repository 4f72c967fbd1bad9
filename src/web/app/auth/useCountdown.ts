import { useCallback, useEffect, useRef, useState } from 'react';

/** A resend countdown: start() sets `left` to seconds and counts down to 0 once a second. */
export function useCountdown(seconds = 60): [left: number, start: () => void] {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop only touches the timer ref, the same on every render
  const start = useCallback(() => {
    stop();
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) {
          stop();
          return 0;
        }
        return n - 1;
      });
    }, 1000);
  }, [seconds]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop only touches the timer ref, the same on every render
  useEffect(() => stop, []);
  return [left, start];
}
