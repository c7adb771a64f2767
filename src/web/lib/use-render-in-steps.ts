import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to render now: the first `step` at once, then `step` more
 * after each paint, each as a transition (React renders it in slices and a tap or a key press goes
 * first). A list that arrives whole (45 tiles) is then never one long task that holds up the page
 * and its input; what a phone's screen shows first is there as soon as before.
 */
export function useRenderInSteps(total: number, step: number): number {
  const [shown, setShown] = useState(step);
  useEffect(() => {
    if (shown >= total) return;
    // A timer, not the effect itself: the browser paints what is there before the next step.
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
