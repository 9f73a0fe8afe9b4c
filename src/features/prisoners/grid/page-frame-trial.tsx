import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { PacedRenderer } from './paced-renderer.ts';

/**
 * Before the board drawn on the page is shown, it is drawn for a few frames at its cheapest, out
 * of sight, and the page's own frames are timed. Drawn on the page, the board can hold every
 * frame of the page, and not only by drawing: WebKitGTK on a software renderer takes 110–130 ms a
 * frame merely to show a page holding a WebGL canvas, drawn or not (17–40 ms without it), which
 * no fence on the board's own work ever sees. The quality governor would find it out only in
 * play, after seconds at 2–8 frames a second; the trial finds it out before.
 */

/** The frames the trial draws, one after another; the first gap is not timed (see below). */
export const TRIAL_FRAMES = 8;

/** A page whose frames take longer than this is not smooth: fewer than 20 frames a second. */
export const PAGE_FRAME_BUDGET_MS = 50;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle)
    ? (sorted[middle - 1]! + sorted[middle]!) / 2
    : sorted[Math.floor(middle)]!;
};

/**
 * Whether the trial shows that the page cannot carry the board: the median gap between the
 * page's frames (`pageTimes`, ms, one per frame of the trial) is over the budget, or the median
 * cost of the board's own frames (`boardFrameMs`, as its frame pacer measured them) is. The first
 * gap is left out (it holds the first frame's upload of the scene), and a median leaves out one
 * long task of the page's own (a worker starting, hydration ending) that a mean would count.
 * The page's frames tell WebKit's cost, which is the page's; the board's tell Chromium's, whose
 * page keeps its frames while the board's are dropped.
 */
export function pageTooSlowForBoard(
  pageTimes: readonly number[],
  boardFrameMs: readonly number[],
): boolean {
  const gaps = pageTimes.slice(2).map((time, i) => time - pageTimes[i + 1]!);
  return [gaps, boardFrameMs].some(
    (frames) => frames.length > 0 && median(frames) > PAGE_FRAME_BUDGET_MS,
  );
}

/**
 * Draws TRIAL_FRAMES frames in a row and tells `onVerdict` whether the page is too slow for the
 * board (pageTooSlowForBoard), once.
 */
export function PageFrameTrial({ onVerdict }: { onVerdict(tooSlow: boolean): void }) {
  const gl = useThree((state) => state.gl);
  const get = useThree((state) => state.get);
  const invalidate = useThree((state) => state.invalidate);
  const pageTimes = useRef<number[]>([]);
  const boardFrameMs = useRef<number[]>([]);
  const told = useRef(false);
  useFrame(() => {
    if (told.current) return;
    pageTimes.current.push(performance.now());
    if (pageTimes.current.length < TRIAL_FRAMES) {
      invalidate();
      return;
    }
    told.current = true;
    onVerdict(pageTooSlowForBoard(pageTimes.current, boardFrameMs.current));
  });
  useEffect(() => {
    invalidate();
    if (!(gl instanceof PacedRenderer)) return;
    gl.pacer.listen({
      dropped: () => {},
      measured: (frameMs) => boardFrameMs.current.push(frameMs),
      continues: () => get().internal.frames > 1,
    });
    return () => gl.pacer.listen(null);
  }, [gl, get, invalidate]);
  return null;
}
