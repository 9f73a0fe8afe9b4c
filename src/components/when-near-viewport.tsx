import { Suspense, useRef, type ReactNode } from 'react';
import { useSeenOnScreen } from './use-seen-on-screen.ts';

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
  const near = useSeenOnScreen(placeholder, { rootMargin: '100% 0px' });
  const fallback = (
    <span ref={placeholder} style={{ display: 'block', height: placeholderHeight }} />
  );
  return near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
