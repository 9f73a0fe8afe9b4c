import type { Rng } from './rng.ts';
import { drawFor, SMALL_N_LIMIT, type Draw, type Sfc32 } from './sfc32.ts';

/** An arrangement being built or scanned: slips[box] = slip, 0-based. */
export type Slips = Uint8Array | Int32Array;

/** A buffer for arrangements of n boxes: bytes below 256 boxes, measured faster than int32 there. */
export function arrangementBuffer(n: number): Slips {
  return n < SMALL_N_LIMIT ? new Uint8Array(n) : new Int32Array(n);
}

/**
 * Inside-out Fisher–Yates: fills slips[0..n) with a uniformly random arrangement from scratch
 * (no reset needed), drawing j uniform in 0..i for i = 1..n−1 in that order and moving slip i
 * into box j. This exact sequence of draws is part of the contract: the lab's kernels and the
 * simulation page both arrange boxes through it, so a generator state replays a lab trial.
 * Unlike the fast kernel's samplers, the draw is a parameter here: the literal kernel measured
 * 0.97–1.0 of its speed limit so, and 0.87–0.90 with per-size copies that call it by name.
 */
export function shuffleArrangement(slips: Slips, n: number, generator: Sfc32, draw: Draw): void {
  if (n > 0) slips[0] = 0;
  for (let i = 1; i < n; i++) {
    const j = draw(generator, i + 1);
    slips[i] = slips[j] as number;
    slips[j] = i;
  }
}

/** A uniformly random arrangement: `slips[box]` is the slip (0-based) inside box `box`. */
export function randomArrangement(n: number, rng: Rng): Int32Array {
  // The kernels' own draw for n, so the draws match theirs one for one.
  const slips = new Int32Array(n);
  shuffleArrangement(slips, n, rng.generator, drawFor(n));
  return slips;
}
