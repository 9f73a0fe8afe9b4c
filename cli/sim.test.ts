// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { swapSuccessProbability } from '../src/features/prisoners/engine/exact.ts';
import { ArgumentError, parseArguments } from './sim-arguments.ts';
import { simBundle } from './sim-bundle.mjs';
import { SWIFTSHADER_ICD } from './node-webgpu.ts';

/** Runs the command line as `npm run sim` does: from its cached bundle. */
function sim(...args: string[]) {
  const result = spawnSync(process.execPath, ['cli/sim-launch.mjs', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The printed rate is the run's trials over its time. The time is printed to a tenth of a
 * millisecond and the rate worked out from the unrounded time, so the two agree to that tenth's
 * share of the rate, and the rate's own rounding.
 */
function expectRateOfItsTime(printed: {
  trials: unknown;
  elapsedMs: unknown;
  trialsPerSecond: unknown;
}) {
  const [trials, elapsedMs, trialsPerSecond] = [
    printed.trials,
    printed.elapsedMs,
    printed.trialsPerSecond,
  ].map(Number) as [number, number, number];
  expect(elapsedMs).toBeGreaterThan(0);
  const rate = trials / (elapsedMs / 1000);
  expect(Math.abs(trialsPerSecond - rate)).toBeLessThanOrEqual((rate * 0.05) / elapsedMs + 1);
}

describe('sim arguments', () => {
  it.each([
    [['--n', '0'], '--n'],
    [['--k', '60', '--n', '50'], '--k'],
    [['--trials', 'many'], '--trials'],
    [['--strategy', 'greedy'], '--strategy'],
    [['--method', 'slow'], '--method'],
    [['--seed', '-1'], '--seed'],
    [['--threads', '0'], '--threads'],
    [['--colour', 'red'], '--colour'],
    [['--n'], '--n'],
    [['--device', 'tpu'], '--device'],
  ])('rejects %j naming %s', (args, name) => {
    expect(() => parseArguments(args)).toThrow(ArgumentError);
    expect(() => parseArguments(args)).toThrow(name);
  });

  it('reads every option, exponent notation included, with k defaulting to n/2', () => {
    const options = parseArguments([
      '--n',
      '2000',
      '--trials',
      '1e7',
      '--method=fast',
      '--threads',
      '2',
      '--json',
    ]);
    expect(options).toMatchObject({ threads: 2, json: true, device: 'cpu' });
    expect(parseArguments(['--device', 'gpu']).device).toBe('gpu');
    expect(options.draft).toMatchObject({ n: '2000', k: '1000', trials: '1e7', method: 'fast' });
  });

  it('reads the swap strategy, and names every strategy when one is unknown', () => {
    expect(parseArguments(['--strategy', 'swap', '--n', '12']).draft).toMatchObject({
      strategy: 'swap',
      n: '12',
      k: '6',
    });
    expect(parseArguments(['--strategy=swap']).draft.strategy).toBe('swap');
    expect(() => parseArguments(['--strategy', 'helper'])).toThrow(
      '--strategy: Strategy must be cycle, random or swap. Got "helper".',
    );
  });
});

describe('npm run sim', () => {
  it('runs from a bundle that is rebuilt only when it is older than its sources', async () => {
    const bundle = join(await simBundle(), 'sim.mjs');
    const built = statSync(bundle).mtimeMs;
    await simBundle();
    expect(statSync(bundle).mtimeMs).toBe(built);
    utimesSync(bundle, new Date(0), new Date(0)); // older than every source
    await simBundle();
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(0);
  });

  it('exits with 2 and one line naming what is missing when --device gpu finds no adapter', () => {
    // Without VK_ICD_FILENAMES this machine's Vulkan loader finds no device (no GPU here).
    const env = { ...process.env };
    delete env.VK_ICD_FILENAMES;
    const result = spawnSync(process.execPath, ['cli/sim-launch.mjs', '--device', 'gpu'], {
      encoding: 'utf8',
      timeout: 60_000,
      env,
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'sim: --device gpu: No WebGPU adapter: Dawn found no Vulkan, Metal or Direct3D 12 device (a GPU driver, or libvulkan1 with a Vulkan driver, is missing).',
    ]);
  }, 60_000);

  it.each([
    ['fast', 'cycle', '100', '50', '9000'],
    ['literal', 'cycle', '100', '50', '4200'],
    ['literal', 'swap', '30', '10', '2500'],
  ])(
    '--device gpu (SwiftShader) prints the JSON of --device cpu for the same seed: %s %s, n = %s',
    (method, strategy, n, k, trials) => {
      const args = ['--n', n, '--k', k, '--trials', trials, '--strategy', strategy];
      args.push('--method', method, '--seed', '20261124', '--json');
      const env = { ...process.env, VK_ICD_FILENAMES: SWIFTSHADER_ICD };
      const run = (device: string) => {
        const result = spawnSync(
          process.execPath,
          ['cli/sim-launch.mjs', ...args, '--device', device],
          { encoding: 'utf8', timeout: 120_000, env },
        );
        expect(result.status).toBe(0);
        const { elapsedMs, trialsPerSecond, threads, adapter, ...counts } = JSON.parse(
          result.stdout,
        ) as Record<string, unknown>;
        expectRateOfItsTime({ trials: counts.trials, elapsedMs, trialsPerSecond });
        return { counts, ran: device === 'gpu' ? adapter : threads };
      };
      const gpu = run('gpu');
      const cpu = run('cpu');
      expect(gpu.ran).toMatch(/SwiftShader/);
      expect(cpu.ran).toBeGreaterThanOrEqual(1);
      expect(gpu.counts).toEqual(cpu.counts);
      expect(gpu.counts.trials).toBe(Number(trials));
      if (strategy === 'cycle') expect(gpu.counts.watch).not.toBeNull();
    },
    240_000,
  );

  it('refuses --shard with --device gpu in one line', () => {
    const { code, stdout, stderr } = sim('--device', 'gpu', '--shard', '1/2');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('sim: --shard runs on worker threads: use it with --device cpu\n');
  });

  it('exits with 2 and one line naming the bad argument', () => {
    const { code, stdout, stderr } = sim('--trials', '0');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('--trials');
  });

  it(
    'prints one JSON object with exactly the documented fields, reproducibly',
    { timeout: 60_000 },
    () => {
      const args = [
        '--n',
        '100',
        '--k',
        '50',
        '--trials',
        '2e4',
        '--strategy',
        'cycle',
        '--seed',
        '1',
        '--threads',
        '2',
        '--json',
      ];
      const literal = sim(...args, '--method', 'literal');
      expect(literal.code).toBe(0);
      const result = JSON.parse(literal.stdout);
      expect(Object.keys(result)).toEqual([
        'n',
        'k',
        'strategy',
        'method',
        'seed',
        'threads',
        'trials',
        'successes',
        'successRate',
        'ci95',
        'exact',
        'longestCycleHistogram',
        'elapsedMs',
        'trialsPerSecond',
        'freedHistogram',
        'convergence',
        'watch',
        'longestCycleExamples',
      ]);
      expect(result).toMatchObject({
        n: 100,
        k: 50,
        strategy: 'cycle',
        method: 'literal',
        seed: 1,
        threads: 2,
        trials: 20000,
      });
      expect(result.longestCycleHistogram).toHaveLength(101);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(sum(result.longestCycleHistogram)).toBe(20000);
      expect(sum(result.longestCycleHistogram.slice(0, 51))).toBe(result.successes);
      expect(result.exact).toBeCloseTo(0.311827820689805, 12);
      expect(result.ci95[0]).toBeLessThan(result.successRate);
      expect(result.ci95[1]).toBeGreaterThan(result.successRate);

      const again = JSON.parse(sim(...args, '--method', 'literal').stdout);
      expect(again.successes).toBe(result.successes);
      expect(again.longestCycleHistogram).toEqual(result.longestCycleHistogram);

      const fast = JSON.parse(sim(...args, '--method', 'fast').stdout);
      expect(sum(fast.longestCycleHistogram)).toBe(20000);
      expect(sum(fast.longestCycleHistogram.slice(0, 51))).toBe(fast.successes);
    },
  );

  it(
    'runs the swap strategy in both methods, counting the longest cycle after the swap',
    { timeout: 60_000 },
    () => {
      const args = ['--strategy', 'swap', '--n', '100', '--k', '40', '--trials', '2e4'];
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      for (const method of ['literal', 'fast']) {
        const { code, stdout } = sim(...args, '--method', method, '--seed', '3', '--json');
        expect(code).toBe(0);
        const result = JSON.parse(stdout);
        expect(result).toMatchObject({ n: 100, k: 40, strategy: 'swap', method, trials: 20000 });
        expect(result.exact).toBe(swapSuccessProbability(100, 40));
        expect(sum(result.longestCycleHistogram)).toBe(20000);
        expect(sum(result.longestCycleHistogram.slice(0, 41))).toBe(result.successes);
        expect(sum(result.longestCycleHistogram.slice(51))).toBe(0);
        const se = Math.sqrt((result.exact * (1 - result.exact)) / 20000);
        expect(Math.abs(result.successRate - result.exact) / se).toBeLessThan(4);
      }
      const text = sim(...args, '--seed', '3', '--threads', '1');
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^100 prisoners, 40 guesses, swap strategy, literal method\n/);
      expect(text.stdout).toContain('\nexact         73.4492%  (difference ');
    },
  );

  it(
    'gives the same run on 1 and 3 threads, and again from its shards added up by merge',
    { timeout: 120_000 },
    () => {
      const run = ['--n', '100', '--k', '50', '--trials', '3e4', '--seed', '11'];
      const result = (stdout: string) => {
        const { elapsedMs, trialsPerSecond, threads, shards, ...rest } = JSON.parse(stdout);
        expectRateOfItsTime({ trials: rest.trials, elapsedMs, trialsPerSecond });
        expect(threads ?? shards).toBeGreaterThan(0);
        return rest;
      };
      const one = result(sim(...run, '--threads', '1', '--json').stdout);
      expect(result(sim(...run, '--threads', '3', '--json').stdout)).toEqual(one);
      expect(one.trials).toBe(30_000);
      expect(one.watch.state).toMatch(/^[0-9a-f]{32}$/);

      const folder = mkdtempSync(join(tmpdir(), 'sim-shards-'));
      const [first, second, third] = ['1/3', '2/3', '3/3'].map((shard, i) => {
        const printed = sim(...run, '--shard', shard, '--threads', '2');
        expect(printed.code).toBe(0);
        expect(JSON.parse(printed.stdout)).toMatchObject({ shard, seed: 11, trials: 30_000 });
        const file = join(folder, `shard-${i + 1}.json`);
        writeFileSync(file, printed.stdout);
        return file;
      });
      const files = [first!, second!, third!];
      const merged = sim('merge', ...files, '--json');
      expect(merged.code).toBe(0);
      expect(result(merged.stdout)).toEqual(one);
      expect(JSON.parse(merged.stdout).shards).toBe(3);

      const otherSeed = join(folder, 'other-seed.json');
      writeFileSync(
        otherSeed,
        sim('--n', '100', '--k', '50', '--trials', '3e4', '--seed', '12', '--shard', '3/3').stdout,
      );
      const notJson = join(folder, 'not.json');
      writeFileSync(notJson, 'trials: 5');
      for (const [args, message] of [
        [[first!, second!, first!], `shard 1/3 given twice (${first}, ${first})`],
        [[first!, third!], 'shard 2/3 missing'],
        [
          [first!, second!, otherSeed],
          `${otherSeed} is a shard of another run than ${first} (seed 12, not 11)`,
        ],
        [[notJson], `${notJson} is not JSON`],
      ] as const) {
        const refused = sim('merge', ...args);
        expect(refused.code).toBe(2);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toBe(`sim: ${message}\n`);
      }
    },
  );
});
