/**
 * A ladder of quality rungs, climbed and descended by measured frame times rather than by what a
 * renderer calls itself: down one rung when frames turn slow, up one when they stay quick, never
 * straight back to a rung just found too slow. The board's pixel ratio and the page's paint
 * effects are each a ladder, with rules of their own.
 */

export interface LadderRules {
  /** A frame that took longer than this is slow. */
  slowFrameMs: number;
  /** Frames this quick leave room for the next rung up. */
  quickFrameMs: number;
  /** A frame this slow steps down on its own: it is far past what the next rung could save. */
  verySlowFrameMs: number;
  /** Slow frames among the last few (`[slow, of]`) that step down at once. */
  slowOfLast: readonly [number, number];
  /** Quick frames in a row that step up. */
  quickInARow: number;
  /** After a rung was too slow, it is not tried again for this long. */
  ceilingMs: number;
  /** Slow frames in a row on the lowest rung after which the machine is too slow for it. */
  slowAtFloor: number;
}

export interface QualityLadder {
  /** The rung to work at now: 0 is the cheapest. */
  readonly rung: number;
  /** On the lowest rung, frames stay slow. */
  readonly tooSlow: boolean;
  /** Records a frame of `frameMs` at time `now`; returns the new rung when it changes, else null. */
  record(frameMs: number, now: number): number | null;
}

/** A ladder from `floor` to `top`, starting on `start` (within them). */
export function createQualityLadder(
  start: number,
  floor: number,
  top: number,
  rules: LadderRules,
): QualityLadder {
  let rung = Math.min(top, Math.max(floor, start));
  let ceiling = top;
  let ceilingUntil = -Infinity;
  let recent: boolean[] = [];
  let quick = 0;
  let slowAtFloor = 0;
  const [slowNeeded, ofLast] = rules.slowOfLast;

  const moveTo = (next: number): number => {
    rung = next;
    recent = [];
    quick = 0;
    return rung;
  };

  return {
    get rung() {
      return rung;
    },
    get tooSlow() {
      return slowAtFloor >= rules.slowAtFloor;
    },
    record(frameMs, now) {
      if (now >= ceilingUntil) ceiling = top;
      const slow = frameMs > rules.slowFrameMs;
      recent = [...recent.slice(1 - ofLast), slow];
      quick = frameMs < rules.quickFrameMs ? quick + 1 : 0;
      slowAtFloor = rung === floor && slow ? slowAtFloor + 1 : 0;
      const verySlow = frameMs > rules.verySlowFrameMs;
      const slowEnough = recent.filter(Boolean).length >= slowNeeded || verySlow;
      if (slowEnough && rung > floor) {
        ceiling = rung - 1;
        ceilingUntil = now + rules.ceilingMs;
        return moveTo(rung - 1);
      }
      if (quick >= rules.quickInARow && rung < ceiling) return moveTo(rung + 1);
      return null;
    },
  };
}
