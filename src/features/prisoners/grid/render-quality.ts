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
/** A frame this slow lowers the ratio on its own: it is far past what a lower step could save. */
export const VERY_SLOW_FRAME_MS = 100;
/** Slow frames in a row at the lowest ratio after which the board is too slow to draw here. */
const SLOW_AT_FLOOR = 8;
/** Slow frames among the last few that lower the ratio at once. */
const SLOW_OF_LAST = [3, 4] as const;
/** Quick frames in a row that raise it. */
const QUICK_IN_A_ROW = 30;
/** After a ratio was too slow, it is not tried again for this long. */
const CEILING_MS = 10_000;

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
  let rung = Math.min(
    top,
    Math.max(floor, nearestRung(Math.min(2, Math.max(1, screenPixelRatio)))),
  );
  let ceiling = top;
  let ceilingUntil = -Infinity;
  let recent: boolean[] = [];
  let quick = 0;
  let slowAtFloor = 0;

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
    get tooSlow() {
      return slowAtFloor >= SLOW_AT_FLOOR;
    },
    record(frameMs, now) {
      if (now >= ceilingUntil) ceiling = top;
      const slow = frameMs > SLOW_FRAME_MS;
      recent = [...recent.slice(1 - SLOW_OF_LAST[1]), slow];
      quick = frameMs < QUICK_FRAME_MS ? quick + 1 : 0;
      slowAtFloor = rung === floor && slow ? slowAtFloor + 1 : 0;
      const slowEnough =
        recent.filter(Boolean).length >= SLOW_OF_LAST[0] || frameMs > VERY_SLOW_FRAME_MS;
      if (slowEnough && rung > floor) {
        ceiling = rung - 1;
        ceilingUntil = now + CEILING_MS;
        return moveTo(rung - 1);
      }
      if (quick >= QUICK_IN_A_ROW && rung < ceiling) return moveTo(rung + 1);
      return null;
    },
  };
}
