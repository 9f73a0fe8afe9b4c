// @vitest-environment node
/**
 * The assembled shaders, read as text, without a GPU: each part is where the host and the other
 * parts expect it. What the kernels compute is tested on Dawn against the CPU
 * (gpu-trials.test.ts); these tests hold the assembly to its layout on any machine.
 */
import { describe, expect, it } from 'vitest';
import { STRATEGIES, METHODS } from '../../engine/types.ts';
import { gpuShaderSource } from './gpu-kernels.ts';
import {
  GPU_BINDING,
  GPU_STREAM,
  GPU_STREAM_WORDS,
  RECORDS_PART,
  type GpuKernelSettings,
} from './kernel-layout.ts';

/** n and k that reach every choice of part: 2k ≥ n or not, both draws, both ways of counting. */
const SIZES: [number, number][] = [
  [1, 0],
  [1, 1],
  [7, 3],
  [7, 7],
  [100, 50],
  [100, 30],
  [255, 100],
  [256, 100],
  [1022, 511],
  [1023, 511],
  [100_000, 20_000],
];

const EVERY_SETTING: GpuKernelSettings[] = SIZES.flatMap(([n, k]) =>
  STRATEGIES.flatMap((strategy) => METHODS.map((method) => ({ n, k, strategy, method }))),
);

/** u32 words of each field of a WGSL struct of u32 and vec4<u32>, in order. */
function structFields(source: string, name: string): [string, number][] {
  const body = new RegExp(`struct ${name} \\{([^}]*)\\}`).exec(source)?.[1] ?? '';
  return Array.from(body.matchAll(/(\w+): (u32|vec4<u32>),/g), ([, field, type]) => [
    field as string,
    type === 'u32' ? 1 : 4,
  ]);
}

/** The functions a shader defines, with how often, and the ones it calls. */
function functionsOf(source: string): { defined: string[]; called: Set<string> } {
  const defined = Array.from(source.matchAll(/\bfn (\w+)\(/g), (match) => match[1] as string);
  const builtins = new Set(['min', 'max', 'select', 'atomicAdd', 'atomicLoad', 'workgroupBarrier']);
  const called = new Set(
    Array.from(source.matchAll(/(?<![@\w])(?<!fn )(\w+)\(/g), (match) => match[1] as string),
  );
  for (const builtin of builtins) called.delete(builtin);
  return { defined, called };
}

describe('the kernel’s records', () => {
  it('declares the stream record’s fields at the offsets the host writes and reads', () => {
    let offset = 0;
    const offsets: Record<string, number> = {};
    for (const [field, words] of structFields(RECORDS_PART, 'Stream')) {
      offsets[field] = offset;
      offset += words;
    }
    expect(offset).toBe(GPU_STREAM_WORDS);
    expect(offsets).toEqual({ ...GPU_STREAM, pad0: 10, pad1: 11 });
  });

  it('declares the parameters as the four words each dispatch writes', () => {
    expect(structFields(RECORDS_PART, 'Params')).toEqual([
      ['streams', 1],
      ['slice', 1],
      ['checkpoints', 1],
      ['pad', 1],
    ]);
  });
});

describe('the assembled shader', () => {
  it.each([
    // Literal jobs: scratch; the cycle strategy's literal trials: examples too.
    [
      'literal',
      'cycle',
      7,
      ['params', 'streams', 'tally', 'checkpoints', 'convergence', 'scratch', 'examples'],
    ],
    ['literal', 'swap', 7, ['params', 'streams', 'tally', 'checkpoints', 'convergence', 'scratch']],
    [
      'literal',
      'random',
      7,
      ['params', 'streams', 'tally', 'checkpoints', 'convergence', 'scratch'],
    ],
    // Fast jobs: literal first trials only where the simulation page replays one (n = 100).
    [
      'fast',
      'cycle',
      100,
      ['params', 'streams', 'tally', 'checkpoints', 'convergence', 'scratch', 'examples'],
    ],
    ['fast', 'cycle', 7, ['params', 'streams', 'tally', 'checkpoints', 'convergence']],
    ['fast', 'swap', 100, ['params', 'streams', 'tally', 'checkpoints', 'convergence']],
    ['fast', 'random', 100, ['params', 'streams', 'tally', 'checkpoints', 'convergence']],
  ] as const)('%s %s, n = %i: binds %j at their numbers', (method, strategy, n, names) => {
    const source = gpuShaderSource({ n, k: 3, strategy, method });
    const bound = Object.fromEntries(
      Array.from(source.matchAll(/@binding\((\d+)\) var<[^>]+> (\w+):/g), ([, binding, name]) => [
        name,
        Number(binding),
      ]),
    );
    expect(bound).toEqual(Object.fromEntries(names.map((name) => [name, GPU_BINDING[name]])));
  });

  it.each(EVERY_SETTING.map((settings) => [settings]))(
    'defines once every function it calls: %j',
    (settings) => {
      const { defined, called } = functionsOf(gpuShaderSource(settings));
      expect(new Set(defined).size).toBe(defined.length);
      expect([...called].filter((name) => !defined.includes(name))).toEqual([]);
      expect(defined).toContain('main');
      expect(called).toContain(settings.method === 'literal' ? 'literalTrial' : 'fastTrial');
    },
  );

  it('draws with 24-bit Lemire below 256 boxes and 32-bit Lemire from 256, as the CPU does', () => {
    const drawsWide = (n: number) =>
      gpuShaderSource({ n, k: 1, strategy: 'cycle', method: 'fast' }).includes('fn mulHigh(');
    expect([drawsWide(1), drawsWide(255), drawsWide(256), drawsWide(100_000)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('counts in workgroup memory while the tally fits in 2048 words, straight to the buffer after', () => {
    const fits = gpuShaderSource({ n: 1022, k: 511, strategy: 'swap', method: 'fast' });
    expect(fits).toContain('var<workgroup> localTally: array<atomic<u32>, 2047>;');
    expect(fits).toContain('atomicAdd(&localTally[index], 1u);');
    expect(fits).toContain('for (var i = lid; i < 2047u; i += 64u) {');
    const direct = gpuShaderSource({ n: 1023, k: 511, strategy: 'swap', method: 'fast' });
    expect(direct).not.toContain('localTally');
    expect(direct).not.toContain('workgroupBarrier');
    expect(direct).toContain('atomicAdd(&tally[index], 1u);');
  });
});
