// @vitest-environment node
/**
 * Stream records to and from their words, without a GPU: the words written by hand at the
 * offsets of the record (state 0–3, done 4, total 5, first trial 6, literal up to 7, successes
 * 8, next checkpoint 9, of 12) and of the examples (5 words for each longest cycle 0..n).
 */
import { describe, expect, it } from 'vitest';
import { generatorFromWords } from '../engine/sfc32.ts';
import { firstWatch, streamOutputs, streamRecords } from './gpu-stream-records.ts';

const CHECKPOINTS = Uint32Array.from([1, 2, 5, 10, 20, 50]);

describe('streamRecords', () => {
  it('writes each stream’s state, trials, numbering, literal prefix and first checkpoint', () => {
    const settings = { n: 7, k: 3, strategy: 'cycle', method: 'fast' } as const;
    const records = streamRecords(
      settings,
      [
        { state: generatorFromWords(1, -1, 3, 4), trials: 9 },
        { state: generatorFromWords(5, 6, 7, 8), trials: 30, firstTrial: 10, literalUpTo: 4 },
        { state: generatorFromWords(0, 0, 0, 0), trials: 2, firstTrial: 51 },
      ],
      CHECKPOINTS,
    );
    expect(Array.from(records)).toEqual([
      ...[1, 0xffffffff, 3, 4, 0, 9, 1, 0, 0, 0, 0, 0],
      ...[5, 6, 7, 8, 0, 30, 10, 4, 0, 3, 0, 0],
      // No checkpoint at or after trial 51: an index past the end.
      ...[0, 0, 0, 0, 0, 2, 51, 0, 0, 0xffffffff, 0, 0],
    ]);
  });

  it('makes every trial of a literal job literal unless told otherwise', () => {
    const settings = { n: 7, k: 3, strategy: 'swap', method: 'literal' } as const;
    const state = generatorFromWords(0, 0, 0, 0);
    const records = streamRecords(
      settings,
      [
        { state, trials: 9 },
        { state, trials: 9, literalUpTo: 2 },
      ],
      CHECKPOINTS,
    );
    expect([records[7], records[12 + 7]]).toEqual([9, 2]);
  });

  it('refuses trials that are not whole, negative, or numbered past 2^32 − 1', () => {
    const settings = { n: 7, k: 3, strategy: 'cycle', method: 'fast' } as const;
    const state = generatorFromWords(0, 0, 0, 0);
    const records = (trials: number, firstTrial?: number) =>
      streamRecords(settings, [{ state, trials, firstTrial }], CHECKPOINTS);
    expect(() => records(1.5)).toThrow(RangeError);
    expect(() => records(-1)).toThrow(RangeError);
    expect(() => records(2, 0xffffffff)).toThrow(RangeError);
    expect(records(1, 0xffffffff)[6]).toBe(0xffffffff);
  });
});

describe('streamOutputs', () => {
  it('reads states, successes, the checkpoints inside each stream, and no examples', () => {
    const settings = { n: 7, k: 3, strategy: 'swap', method: 'fast' } as const;
    const state = generatorFromWords(0, 0, 0, 0);
    const records = Uint32Array.from([
      ...[0xfffffffe, 2, 3, 4, 4, 4, 1, 0, 3, 3, 0, 0],
      ...[9, 8, 7, 6, 16, 16, 5, 0, 11, 6, 0, 0],
    ]);
    const convergence = Uint32Array.from([1, 1, 0, 4, 9, 0]);
    const outputs = streamOutputs(
      settings,
      [
        { state, trials: 4 }, // trials 1–4: checkpoints 1 and 2
        { state, trials: 16, firstTrial: 5 }, // trials 5–20: checkpoints 5, 10 and 20
      ],
      CHECKPOINTS,
      { records, convergence, examples: null },
    );
    expect(outputs).toEqual([
      {
        state: generatorFromWords(-2, 2, 3, 4),
        successes: 3,
        checkpoints: [
          { trial: 1, successes: 1 },
          { trial: 2, successes: 1 },
        ],
        examples: [],
        watchTrial: null,
        watchState: null,
      },
      {
        state: generatorFromWords(9, 8, 7, 6),
        successes: 11,
        checkpoints: [
          { trial: 5, successes: 0 },
          { trial: 10, successes: 4 },
          { trial: 20, successes: 9 },
        ],
        examples: [],
        watchTrial: null,
        watchState: null,
      },
    ]);
  });

  it('keeps each longest cycle’s first trial, and watches the earliest that loses the game', () => {
    const n = 100;
    const settings = { n, k: 50, strategy: 'cycle', method: 'fast' } as const;
    const examples = new Uint32Array(5 * (n + 1));
    const keep = (length: number, trial: number, word: number) =>
      examples.set([trial, word, word + 1, word + 2, 0xffffffff], 5 * length);
    keep(30, 7, 0x10);
    keep(51, 12, 0x20); // the game's first loss among these: longest cycle above 50
    keep(70, 3, 0x30); // loses too, and earlier
    keep(100, 40, 0x40);
    const outputs = streamOutputs(
      settings,
      [{ state: generatorFromWords(0, 0, 0, 0), trials: 40, literalUpTo: 40 }],
      CHECKPOINTS,
      { records: new Uint32Array(12), convergence: new Uint32Array(6), examples },
    );
    const stream = outputs[0]!;
    expect(stream.examples).toEqual([
      { length: 30, trial: 7, state: '0000001000000011' + '00000012ffffffff' },
      { length: 51, trial: 12, state: '0000002000000021' + '00000022ffffffff' },
      { length: 70, trial: 3, state: '0000003000000031' + '00000032ffffffff' },
      { length: 100, trial: 40, state: '0000004000000041' + '00000042ffffffff' },
    ]);
    expect([stream.watchTrial, stream.watchState]).toEqual([
      3,
      '0000003000000031' + '00000032ffffffff',
    ]);
  });
});

describe('firstWatch', () => {
  it('picks the lowest trial to watch among the streams, or none', () => {
    const stream = (watchTrial: number | null, watchState: string | null) => ({
      state: generatorFromWords(0, 0, 0, 0),
      successes: 0,
      checkpoints: [],
      examples: [],
      watchTrial,
      watchState,
    });
    expect(firstWatch([])).toBeNull();
    expect(firstWatch([stream(null, null)])).toBeNull();
    expect(
      firstWatch([stream(90, 'b'), stream(null, null), stream(40, 'a'), stream(60, 'c')]),
    ).toEqual({
      trial: 40,
      state: 'a',
    });
  });
});
