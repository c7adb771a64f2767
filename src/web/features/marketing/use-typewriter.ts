import { useEffect, useState, useSyncExternalStore } from 'react';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const media = window.matchMedia(reducedMotionQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    // Without a window we cannot know; the full text is the safe default.
    () => true,
  );
}

/** Reveals `text` one character per `intervalMs`; shows it whole when the user asks for less motion. */
export function useTypewriter(text: string, intervalMs = 50) {
  const reducedMotion = usePrefersReducedMotion();
  const [typed, setTyped] = useState({ text, count: 0 });
  // A new text restarts the animation instead of continuing from the old position.
  const count = typed.text === text ? typed.count : 0;

  useEffect(() => {
    if (reducedMotion || count >= text.length) return;
    // One timeout per character rather than an interval, so a re-render never queues extra ticks.
    const timer = window.setTimeout(() => setTyped({ text, count: count + 1 }), intervalMs);
    return () => window.clearTimeout(timer);
  }, [reducedMotion, count, text, intervalMs]);

  const visible = reducedMotion ? text : text.slice(0, count);
  return { visible, done: visible.length === text.length };
}
