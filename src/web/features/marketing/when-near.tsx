import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its place comes near the screen (or at the first key press or tap):
 * the marketing sections below the fold are their own chunks, left out of the sign-in page's
 * first load. Until then an empty block of about their height holds the place.
 */
export function WhenNear({ children, placeholderClassName }: { children: ReactNode; placeholderClassName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: '600px 0px',
    });
    if (ref.current) observer.observe(ref.current);
    // Keyboard users may tab past the fold without scrolling; load before focus gets there.
    const events = ['keydown', 'pointerdown'] as const;
    for (const e of events) window.addEventListener(e, show, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const e of events) window.removeEventListener(e, show);
    };
  }, [near]);
  const placeholder = <div ref={ref} aria-hidden="true" className={placeholderClassName} />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
