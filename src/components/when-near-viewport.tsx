import { Suspense, useRef, type ReactNode } from 'react';
import { useSeenOnScreen } from './use-seen-on-screen.ts';
import styles from './when-near-viewport.module.css';

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
  const placeholder = useRef<SVGSVGElement>(null);
  const near = useSeenOnScreen(placeholder, { rootMargin: '100% 0px' });
  // An empty SVG holds the height: attributes, where an inline style would break the policy.
  const fallback = (
    <svg
      ref={placeholder}
      className={styles.placeholder}
      width="1"
      height={placeholderHeight}
      aria-hidden="true"
    />
  );
  return near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
