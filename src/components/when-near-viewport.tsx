import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders (and so loads) lazy children only once they come within a screen of the viewport.
 * Until then a placeholder of the same height keeps the layout still.
 */
export function WhenNearViewport({
  children,
  placeholderHeight,
}: {
  children: ReactNode;
  placeholderHeight: number;
}) {
  const placeholder = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const fallback = (
    <span ref={placeholder} style={{ display: 'block', height: placeholderHeight }} />
  );
  return near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
