import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the first moment the element meets the viewport (grown by `rootMargin`) by at least
 * `threshold` of its area, and for good after that: used to load heavy parts only when needed.
 */
export function useSeenOnScreen(
  element: RefObject<Element | null>,
  { threshold = 0, rootMargin = '0px' }: { threshold?: number; rootMargin?: string } = {},
): boolean {
  // Never seen in HTML rendered ahead of time: only the browser can tell.
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      // A browser that cannot tell gets everything, right after the first paint.
      const timer = setTimeout(() => setSeen(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold)) {
          setSeen(true);
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, seen, threshold, rootMargin]);
  return seen;
}
