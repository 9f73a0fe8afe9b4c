import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * The DOM twin's roving focus over n boxes: one tab stop (the active box), arrow keys move it, and
 * focus survives a board laid out anew under it. A windowed board may not have rendered the
 * button of the box to focus yet: focus waits for it.
 */
export function useTwinFocus(n: number) {
  const [activeBox, setActive] = useState(0);
  // A new board may be smaller than the last: focus stays on the board.
  const active = Math.min(activeBox, n - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The box to focus once it is rendered, and the box to keep focused through a new layout.
  const pendingFocus = useRef<number | null>(null);
  const refocus = useRef<number | null>(null);

  /** Moves focus to `box` (arrow keys), at once or as soon as its button is rendered. */
  const moveTo = useCallback((box: number) => {
    setActive(box);
    const element = buttons.current[box];
    if (element) element.focus();
    else pendingFocus.current = box;
  }, []);

  /** Makes `box` the active box and focuses it once it is rendered (a click on the board). */
  const focusWhenRendered = useCallback((box: number) => {
    setActive(box);
    pendingFocus.current = box;
  }, []);

  /**
   * A box opened or picked from the keyboard keeps focus, even when the board is laid out anew
   * under it (a helper's exchange re-forms the rings, and with them every ring's group).
   */
  const keepFocus = useCallback((box: number) => {
    if (buttons.current[box] === document.activeElement) refocus.current = box;
  }, []);

  const register = useCallback((box: number, element: HTMLButtonElement | null) => {
    buttons.current[box] = element;
  }, []);

  useLayoutEffect(() => {
    const box = refocus.current ?? pendingFocus.current;
    refocus.current = null;
    pendingFocus.current = null;
    const element = box === null ? null : buttons.current[box];
    if (element && document.activeElement !== element) element.focus();
  });

  return { active, setActive, moveTo, focusWhenRendered, keepFocus, register };
}
