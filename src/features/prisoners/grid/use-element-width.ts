import { useEffect, useState, type RefObject } from 'react';

/**
 * The width of an element in CSS pixels, followed as it resizes: its content box, or its width
 * as laid out (offsetWidth: before any transform, in whole pixels).
 */
export function useElementWidth(
  element: RefObject<HTMLElement | null>,
  box: 'content' | 'layout',
): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(box === 'layout' ? target.offsetWidth : (entry?.contentRect.width ?? 0)),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, box]);
  return width;
}
