import { useEffect, useState } from 'react';

/**
 * Whether the element given the returned ref callback has come within `margin` of the screen
 * (and stays true from then on): what sits below the fold of a phone's first screen waits for it,
 * and what it needs (a chart library) is not loaded and run while the first screen is being shown.
 */
export function useNearScreen<T extends Element>(margin = '400px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  return [setElement, near];
}
