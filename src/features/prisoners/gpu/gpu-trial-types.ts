/**
 * What a run of GPU trials takes and gives: the streams in (a generator state and a count each),
 * the streams out, the run's options, its progress and its result.
 */
import type { StateSeed } from '../engine/rng.ts';
import type { Sfc32 } from '../engine/sfc32.ts';
import type { Tally } from '../engine/tally.ts';

/** One stream to run: its generator state at its first trial, and its number of trials. */
export interface GpuStreamInput {
  state: Sfc32;
  trials: number;
  /** Run trial number (1-based) of its first trial; 1 by default. */
  firstTrial?: number;
  /** How many of its first trials are literal: all of a literal job's, none of a fast job's by default. */
  literalUpTo?: number;
}

/** A stream's first literal trial with some longest cycle (cycle strategy). */
export interface GpuExample {
  length: number;
  /** Run trial number. */
  trial: number;
  /** The generator state at the trial's start. */
  state: StateSeed;
}

/** A stream after its run. */
export interface GpuStreamOutput {
  /** The generator state after its last trial. */
  state: Sfc32;
  /** Its successes. */
  successes: number;
  /** Its successes up to each convergence checkpoint inside it. */
  checkpoints: { trial: number; successes: number }[];
  /** For each longest cycle, its first literal trial with it (cycle strategy), by length. */
  examples: GpuExample[];
  /** Its first trial that the simulation page loses (run trial number), where watchable. */
  watchTrial: number | null;
  /** The generator state at the start of that trial. */
  watchState: StateSeed | null;
}

export interface GpuRunResult {
  /** The counts of every complete stream, as the CPU's batches would have them. */
  tally: Tally;
  streams: GpuStreamOutput[];
  /** The first trial (lowest run trial number) that the simulation page loses, where watchable. */
  watch: { trial: number; state: StateSeed } | null;
}

export interface GpuProgress {
  /** Counts of the complete waves and of the current wave's trials so far. */
  tally: Tally;
  /** Streams complete so far (their outputs are final). */
  streamsDone: number;
  /** Dispatches so far. */
  dispatches: number;
}

export interface GpuRunOptions {
  /** Trials per stream per dispatch; by default sized from the kernel's work and adapted to `dispatchMs`. */
  slice?: number;
  /** Wall time one dispatch should take; the slice grows or shrinks towards it. */
  dispatchMs?: number;
  /** GPU memory for stream records and scratch of one wave. */
  memoryBudget?: number;
  /** Streams run together in a dispatch; by default adapted to `dispatchMs`. */
  streamsPerWave?: number;
  /** Run trial numbers, ascending, after which each stream reports its successes so far. */
  checkpoints?: readonly number[];
  /** Called after every dispatch. */
  onProgress?: (progress: GpuProgress) => void;
  /**
   * Called when a wave is complete, with its streams' counts: streams first … first + count − 1
   * of the input, final, so a caller can keep what is complete if the device is lost later.
   */
  onWave?: (wave: { first: number; tally: Tally; streams: GpuStreamOutput[] }) => void;
  /** Stops after the current dispatch; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  now?: () => number;
}
