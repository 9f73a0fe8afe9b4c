/**
 * The board's drawing quality, chosen from measured frame times rather than from the renderer's
 * name (WebKit names a software rasteriser "Apple GPU"). One knob: the pixel ratio the canvas is
 * drawn at. Below the screen's own ratio it saves fill (the cost of software rasterisers); above
 * it, up to 2, it draws more pixels than the screen shows, which is the board's antialiasing.
 */
import { createQualityLadder, type LadderRules } from './quality-ladder.ts';

/** The pixel ratios the board may be drawn at, from cheapest to finest. */
export const PIXEL_RATIOS = [0.5, 0.625, 0.75, 0.875, 1, 1.25, 1.5, 1.75, 2] as const;

/** A frame that took longer than this is slow: the page would drop below 25 frames a second. */
export const SLOW_FRAME_MS = 40;
/** Frames this quick leave room for a finer pixel ratio. */
export const QUICK_FRAME_MS = 12;
/** A frame this slow lowers the ratio on its own: it is far past what a lower step could save. */
export const VERY_SLOW_FRAME_MS = 100;

/** The board's frames: a ratio steps down on 3 slow frames of 4, up after 30 quick in a row. */
const BOARD_FRAMES: LadderRules = {
  slowFrameMs: SLOW_FRAME_MS,
  quickFrameMs: QUICK_FRAME_MS,
  verySlowFrameMs: VERY_SLOW_FRAME_MS,
  slowOfLast: [3, 4],
  quickInARow: 30,
  ceilingMs: 10_000,
  slowAtFloor: 8,
};

export interface QualityGovernor {
  /** The pixel ratio to draw at now. */
  readonly pixelRatio: number;
  /** At the lowest ratio, frames stay slow: the machine cannot draw this board smoothly. */
  readonly tooSlow: boolean;
  /**
   * Records how long a frame took from its start until it was on its way to the screen, at time
   * `now`; returns the new pixel ratio when that changes, else null.
   */
  record(frameMs: number, now: number): number | null;
}

/** The rung of the ratio nearest `ratio`. */
function nearestRung(ratio: number): number {
  let best = 0;
  PIXEL_RATIOS.forEach((candidate, rung) => {
    if (Math.abs(candidate - ratio) < Math.abs(PIXEL_RATIOS[best]! - ratio)) best = rung;
  });
  return best;
}

/**
 * Starts at the screen's pixel ratio (1 to 2), steps down one rung when 3 of the last 4 frames
 * were slow or one was very slow, and up one when 30 frames in a row were quick, never back to a
 * rung found too slow in the last 10 s, never below `lowest` nor above `highest`; 8 slow frames in
 * a row at the lowest make it too slow.
 */
export function createQualityGovernor(
  screenPixelRatio: number,
  lowest: number = PIXEL_RATIOS[0],
  highest = 2,
): QualityGovernor {
  const floor = nearestRung(lowest);
  const top = Math.max(floor, nearestRung(highest));
  const start = nearestRung(Math.min(2, Math.max(1, screenPixelRatio)));
  const ladder = createQualityLadder(start, floor, top, BOARD_FRAMES);
  return {
    get pixelRatio() {
      return PIXEL_RATIOS[ladder.rung]!;
    },
    get tooSlow() {
      return ladder.tooSlow;
    },
    record(frameMs, now) {
      const rung = ladder.record(frameMs, now);
      return rung === null ? null : PIXEL_RATIOS[rung]!;
    },
  };
}
