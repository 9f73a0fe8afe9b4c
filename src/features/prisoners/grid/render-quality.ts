/**
 * The board's drawing quality, chosen from measured frame times rather than from the renderer's
 * name (WebKit names a software rasteriser "Apple GPU"). One knob: the pixel ratio the canvas is
 * drawn at. Below the screen's own ratio it saves fill (the cost of software rasterisers); above
 * it, up to 2, it draws more pixels than the screen shows, which is the board's antialiasing.
 */

/** The pixel ratios the board may be drawn at, from cheapest to finest. */
export const PIXEL_RATIOS = [0.5, 0.625, 0.75, 0.875, 1, 1.25, 1.5, 1.75, 2] as const;

/** A frame that took longer than this is slow: the page would drop below 25 frames a second. */
export const SLOW_FRAME_MS = 40;
/** Frames this quick leave room for a finer pixel ratio. */
export const QUICK_FRAME_MS = 12;
/** Slow frames among the last few that lower the ratio at once. */
const SLOW_OF_LAST = [3, 4] as const;
/** Quick frames in a row that raise it. */
const QUICK_IN_A_ROW = 30;
/** After a ratio was too slow, it is not tried again for this long. */
const CEILING_MS = 10_000;

export interface QualityGovernor {
  /** The pixel ratio to draw at now. */
  readonly pixelRatio: number;
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
 * were slow, and up one when 30 frames in a row were quick, never back to a rung found too slow
 * in the last 10 s, and never below `lowest`.
 */
export function createQualityGovernor(
  screenPixelRatio: number,
  lowest: number = PIXEL_RATIOS[0],
): QualityGovernor {
  const floor = nearestRung(lowest);
  let rung = Math.max(floor, nearestRung(Math.min(2, Math.max(1, screenPixelRatio))));
  let ceiling = PIXEL_RATIOS.length - 1;
  let ceilingUntil = -Infinity;
  let recent: boolean[] = [];
  let quick = 0;

  const moveTo = (next: number): number => {
    rung = next;
    recent = [];
    quick = 0;
    return PIXEL_RATIOS[rung]!;
  };

  return {
    get pixelRatio() {
      return PIXEL_RATIOS[rung]!;
    },
    record(frameMs, now) {
      if (now >= ceilingUntil) ceiling = PIXEL_RATIOS.length - 1;
      recent = [...recent.slice(1 - SLOW_OF_LAST[1]), frameMs > SLOW_FRAME_MS];
      quick = frameMs < QUICK_FRAME_MS ? quick + 1 : 0;
      if (recent.filter(Boolean).length >= SLOW_OF_LAST[0] && rung > floor) {
        ceiling = rung - 1;
        ceilingUntil = now + CEILING_MS;
        return moveTo(rung - 1);
      }
      if (quick >= QUICK_IN_A_ROW && rung < ceiling) return moveTo(rung + 1);
      return null;
    },
  };
}
