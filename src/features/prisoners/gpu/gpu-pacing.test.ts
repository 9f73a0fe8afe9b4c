// @vitest-environment node
/**
 * Waves and slices: sizes worked out by hand from the rules (first dispatch 2^12 steps of work
 * per stream, first wave 256 streams, later waves 16 trials a stream in `dispatchMs`, slices at
 * most 4× larger at a time, the buffers held to the memory budget).
 */
import { describe, expect, it } from 'vitest';
import { createDispatchPacer, gpuDispatchMs, nextSlice } from './gpu-pacing.ts';

const LITERAL_CYCLE_7 = { n: 7, k: 3, strategy: 'cycle', method: 'literal' } as const;
const FAST_SWAP_100 = { n: 100, k: 50, strategy: 'swap', method: 'fast' } as const;

describe('the dispatch pacer', () => {
  it('holds a wave to the streams there are, the memory budget, and at least one stream', () => {
    // Literal cycle, n = 7: 4 × (12 + 7 + 5 × 8) = 236 bytes a stream.
    expect(createDispatchPacer(LITERAL_CYCLE_7, 10, { memoryBudget: 1000 }).capacity).toBe(4);
    expect(createDispatchPacer(LITERAL_CYCLE_7, 3, { memoryBudget: 1000 }).capacity).toBe(3);
    expect(createDispatchPacer(LITERAL_CYCLE_7, 10, { memoryBudget: 100 }).capacity).toBe(1);
    // 64 MiB by default: 284,359 streams of 236 bytes.
    expect(createDispatchPacer(LITERAL_CYCLE_7, 300_000, {}).capacity).toBe(284_359);
    // A fast swap stream is its 48-byte record: 1,398,101 in 64 MiB; in 1 GiB the 65,535
    // workgroups of 64 that a dispatch may have bind first.
    expect(createDispatchPacer(FAST_SWAP_100, 5_000_000, {}).capacity).toBe(1_398_101);
    const large = createDispatchPacer(FAST_SWAP_100, 5_000_000, { memoryBudget: 2 ** 30 });
    expect(large.capacity).toBe(64 * 65_535);
  });

  it('starts with 256 streams and 2^12 steps of work a stream, or what the options fix', () => {
    const literal = createDispatchPacer({ ...LITERAL_CYCLE_7, n: 100, k: 50 }, 1000, {});
    expect([literal.startWave(), literal.slice]).toEqual([256, 13]); // 4096 / (3 × 100)
    const fast = createDispatchPacer(FAST_SWAP_100, 1000, {});
    expect([fast.startWave(), fast.slice]).toEqual([256, 512]); // 4096 / 8
    const few = createDispatchPacer(FAST_SWAP_100, 100, {});
    expect(few.startWave()).toBe(100);
    const fixed = createDispatchPacer(FAST_SWAP_100, 1000, { slice: 7, streamsPerWave: 30 });
    expect([fixed.startWave(), fixed.slice]).toEqual([30, 7]);
  });

  it('grows a full slice towards dispatchMs, at most 4× at a time, and keeps it after a short one', () => {
    const pacer = createDispatchPacer(FAST_SWAP_100, 1000, { dispatchMs: 10 });
    pacer.startWave();
    // 256 streams × 512 trials in 2 ms: 65,536 trials a millisecond, 2,560 a stream in 10 ms.
    pacer.measured({ step: 512, streams: 256, counted: 256 * 512, elapsedMs: 2 });
    expect(pacer.slice).toBe(2048);
    // 256 × 2048 in 40 ms: 13,107.2 a millisecond, 512 a stream in 10 ms.
    pacer.measured({ step: 2048, streams: 256, counted: 256 * 2048, elapsedMs: 40 });
    expect(pacer.slice).toBe(512);
    // The last dispatch of a wave, shorter than the slice, measures but does not resize.
    pacer.measured({ step: 100, streams: 256, counted: 25_600, elapsedMs: 1 });
    expect(pacer.slice).toBe(512);
    // Nothing counted: the rate of 25,600 a millisecond stands, 1,000 a stream in 10 ms.
    pacer.measured({ step: 512, streams: 256, counted: 0, elapsedMs: 3 });
    expect(pacer.slice).toBe(1000);
    // No time measured: the rate stands again.
    pacer.measured({ step: 1000, streams: 256, counted: 100, elapsedMs: 0 });
    expect(pacer.slice).toBe(1000);
  });

  it('sizes later waves from the rate: 16 trials a stream in dispatchMs, 256 streams at least', () => {
    const pacer = createDispatchPacer(FAST_SWAP_100, 100_000, { dispatchMs: 4 });
    expect(pacer.startWave()).toBe(256);
    // 2,000 trials a millisecond: 8,000 in 4 ms, 500 streams of 16; slices of 8000 / 500.
    pacer.measured({ step: 1, streams: 256, counted: 4000, elapsedMs: 2 });
    expect([pacer.startWave(), pacer.slice]).toEqual([500, 16]);
    // 100 a millisecond: 25 streams of 16 would do, but a wave keeps 256; slices of 400 / 256.
    pacer.measured({ step: 1, streams: 500, counted: 100, elapsedMs: 1 });
    expect([pacer.startWave(), pacer.slice]).toEqual([256, 1]);
  });

  it('keeps waves and slices that the options fix, whatever the rate', () => {
    const pacer = createDispatchPacer(FAST_SWAP_100, 100_000, { slice: 5, streamsPerWave: 40 });
    pacer.startWave();
    pacer.measured({ step: 5, streams: 40, counted: 200, elapsedMs: 0.001 });
    expect([pacer.startWave(), pacer.slice]).toEqual([40, 5]);
  });
});

describe('nextSlice', () => {
  it('moves towards the trials wanted, at most 4× larger, and never below one', () => {
    expect(nextSlice(10, 100)).toBe(40);
    expect(nextSlice(10, 15.7)).toBe(15);
    expect(nextSlice(10, 3)).toBe(3);
    expect(nextSlice(10, 0.2)).toBe(1);
  });
});

describe('gpuDispatchMs', () => {
  it('aims at 4 ms on a GPU and 16 ms on a software adapter', () => {
    expect(gpuDispatchMs(false)).toBe(4);
    expect(gpuDispatchMs(true)).toBe(16);
  });
});
