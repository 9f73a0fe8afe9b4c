import { useEffect } from 'react';
import { ANIMATION_FRAMES, type FrameScheduler } from '../grid/animation-frames.ts';
import { createQualityLadder, type LadderRules } from '../grid/quality-ladder.ts';
import { usePrisonerStore } from './game-store.ts';

/**
 * The page's paint effects follow its measured frames while the board plays. Blurred shadows and
 * the header's backdrop blur are cheap on a GPU and costly where a software rasteriser paints the
 * page (WebKitGTK on llvmpipe spent most of each frame on them while boxes opened), and so is a
 * board held in view beside the controls, which WebKit composites in a layer of its own: when the
 * page's own frames turn slow, the page is painted plain (`data-paint="plain"` on the root
 * element, which the stylesheets read), and full again once frames have room to spare.
 */

/** Plain: no blurred shadow, no backdrop blur, a board that scrolls with the page. */
export const PLAIN = 0;
/** Full: the page as designed. */
export const FULL = 1;

/** The gaps between the page's animation frames. */
export const PAGE_FRAMES: LadderRules = {
  // The page's frames should stay under 50 ms while the board plays.
  slowFrameMs: 50,
  // A frame at a 60 Hz display's rate, with room to spare.
  quickFrameMs: 20,
  // One long gap (a worker starting, a deal at 10,000) says nothing about painting.
  verySlowFrameMs: Infinity,
  // About a second of frames: more slow gaps than the one in twenty that the 95th percentile
  // allows. WebKit's flat board painted full is slow in bursts (one gap of 100–130 ms every few
  // quick ones, as boxes open), which a rule of consecutive slow frames never caught.
  slowOfLast: [4, 60],
  // Two seconds at 60 frames a second.
  quickInARow: 120,
  ceilingMs: 30_000,
  slowAtFloor: Infinity,
};

export interface PaintWatch {
  /** Frames are measured while this holds (the board plays and the page is shown). */
  setActive(active: boolean): void;
  stop(): void;
}

/**
 * Measures the gaps between animation frames while active, starting full, and tells `onRung` the
 * new rung whenever it changes. A gap across a stretch of inactivity is never counted.
 */
export function watchPaint(
  onRung: (rung: number) => void,
  frames: FrameScheduler = ANIMATION_FRAMES,
): PaintWatch {
  const ladder = createQualityLadder(FULL, PLAIN, FULL, PAGE_FRAMES);
  let asked: number | null = null;
  let last: number | null = null;
  const frame = (time: number) => {
    asked = frames.request(frame);
    if (last !== null) {
      const rung = ladder.record(time - last, time);
      if (rung !== null) onRung(rung);
    }
    last = time;
  };
  const halt = () => {
    if (asked !== null) frames.cancel(asked);
    asked = null;
    last = null;
  };
  return {
    setActive(active) {
      if (!active) halt();
      else asked ??= frames.request(frame);
    },
    stop: halt,
  };
}

/**
 * Runs the paint watch on the simulation page: measured while automatic play runs and the page
 * is shown; the root element painted plain while the ladder says so, and full again on leaving.
 */
export function usePaintEffects(): void {
  useEffect(() => {
    const root = document.documentElement;
    const watch = watchPaint((rung) => {
      if (rung === PLAIN) root.dataset.paint = 'plain';
      else delete root.dataset.paint;
    });
    const update = () => {
      const { mode, paused } = usePrisonerStore.getState();
      watch.setActive(mode === 'auto' && !paused && document.visibilityState === 'visible');
    };
    update();
    const unsubscribe = usePrisonerStore.subscribe(update);
    document.addEventListener('visibilitychange', update);
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', update);
      watch.stop();
      delete root.dataset.paint;
    };
  }, []);
}
