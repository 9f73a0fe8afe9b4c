// Throughput of the naive baseline, the literal and the fast kernel (cycle strategy, and swap
// strategy) on 1 and 2 threads, measured in one run, the same kernels on the GPU (WebGPU through
// Dawn, first adapter found), then main-thread smoothness of a lab run in Chromium.
//   npm run bench [-- --quick] [-- --no-browser] [-- --no-gpu] [-- --before <git revision>]
//     [-- --repeat <count>] [-- --series] [-- --engines]
// Without a GPU, VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json measures SwiftShader.
// With --before, each lab kernel also runs from that revision's engine, in turns with today's (each
// engine in threads of its own, one V8 isolate per engine and thread; on 2 threads each engine's
// pair takes its turns together), so a change's cost is measured in one run whatever the load. With
// --repeat, every kernel measurement is taken that many times in fresh threads (V8 compiles each
// thread's kernels anew, and how it does so varies from one thread to the next) and the medians are
// shown, ratios with their range. --series measures only the simulation's main thread while Keep
// playing runs at n = 100, 1000 and 10,000, unthrottled and under 4× CPU throttling (with --before,
// that revision's site beside today's, series-long-tasks.ts); --engines only the board in Chromium,
// Firefox and WebKit (frame gaps while it plays, stillness after Pause, engine-frames.ts).
import { availableParallelism, loadavg } from 'node:os';
import {
  cycleSuccessProbability,
  swapSuccessProbability,
} from '../../src/features/prisoners/engine/exact.ts';
import type { KernelName } from './kernel-worker.ts';
import { copyEngine } from './before-engine.ts';
import { measureRepeated, type GroupSettings } from './kernel-groups.ts';
import { measureBrowser } from './browser-jank.ts';
import { measureGameSteps } from './game-steps.ts';
import { measurePool } from './pool.ts';
import { measureGpu } from './gpu.ts';
import { reportEngines, reportSeries } from './browser-reports.ts';

const quick = process.argv.includes('--quick');
const withBrowser = !process.argv.includes('--no-browser');
const withGpu = !process.argv.includes('--no-gpu');
const DURATION_MS = quick ? 1000 : 3000;
const N = 100;
const K = 50;
const POOL_TRIALS = quick ? 1_000_000 : 4_000_000;

function repeatCount(): number {
  const at = process.argv.indexOf('--repeat');
  if (at < 0) return 1;
  const count = Number(process.argv[at + 1]);
  if (!Number.isInteger(count) || count < 1 || count > 99) {
    process.stderr.write(`bench: --repeat needs a whole number from 1 to 99\n`);
    process.exit(2);
  }
  return count;
}
const REPEAT = repeatCount();

/** With --before, the earlier engine (before-engine.ts): its job runner and revision. */
function beforeEngine(): { runner: string; revision: string } | null {
  const at = process.argv.indexOf('--before');
  if (at < 0) return null;
  try {
    return copyEngine(process.argv[at + 1] ?? '');
  } catch (error) {
    process.stderr.write(`bench: --before: ${(error as Error).message}\n`);
    process.exit(2);
  }
}
const before = beforeEngine();

if (process.argv.includes('--engines')) {
  await reportEngines();
  process.exit(0);
}

if (process.argv.includes('--series')) {
  await reportSeries(quick ? 10_000 : 20_000, before?.revision);
  process.exit(0);
}

const LABELS: Record<KernelName, string> = {
  naive: 'naive (arrays, Math.random, every prisoner walks)',
  literal: 'literal (seeded shuffle + one cycle scan)',
  'literal-limit': '  limit: tuned kernel, same work',
  fast: 'fast (cycle-structure sampling)',
  'fast-limit': '  limit: tuned kernel, same work',
  'literal-swap': 'literal swap (shuffle, best swap, two cycle scans)',
  'fast-swap': 'fast swap (cycle-structure sampling, longest halved)',
  'literal-before': `  before: the same at ${before?.revision}`,
  'fast-before': `  before: the same at ${before?.revision}`,
  'literal-swap-before': `  before: the same at ${before?.revision}`,
  'fast-swap-before': `  before: the same at ${before?.revision}`,
};
/**
 * Kernels measured in turns on the same threads: each lab kernel, with --before the same kernel
 * from the earlier engine, and last its limit where it has one.
 */
const GROUPS: KernelName[][] = [
  ['naive'],
  ['literal', ...(before ? (['literal-before'] as const) : []), 'literal-limit'],
  ['fast', ...(before ? (['fast-before'] as const) : []), 'fast-limit'],
  ['literal-swap', ...(before ? (['literal-swap-before'] as const) : [])],
  ['fast-swap', ...(before ? (['fast-swap-before'] as const) : [])],
];
/** The kernel that a row's "vs limit" divides by. */
const LIMITS: Partial<Record<KernelName, KernelName>> = {
  literal: 'literal-limit',
  'literal-before': 'literal-limit',
  fast: 'fast-limit',
  'fast-before': 'fast-limit',
};

const SETTINGS: GroupSettings = {
  n: N,
  k: K,
  durationMs: DURATION_MS,
  ...(before && { beforeRunner: before.runner }),
};

function millions(value: number): string {
  return value >= 1e6 ? `${(value / 1e6).toFixed(2)} M/s` : `${(value / 1e3).toFixed(1)} k/s`;
}

process.stdout.write(
  `n = ${N}, k = ${K}; exact ${cycleSuccessProbability(N, K).toFixed(6)} with the cycle strategy, ` +
    `${swapSuccessProbability(N, K).toFixed(6)} with swap; ${DURATION_MS} ms per measurement` +
    `${REPEAT > 1 ? `, median of ${REPEAT}` : ''}\n\n`,
);
const rows: string[][] = [];
const ratios: string[] = [];
const beforeRatios: string[] = [];
let naiveOne = 0;
for (const group of GROUPS) {
  const { medians: one, ranges: oneRange } = await measureRepeated(group, 1, REPEAT, SETTINGS);
  const { medians: two, ranges: twoRange } = await measureRepeated(group, 2, REPEAT, SETTINGS);
  for (const kernel of group) {
    const single = one.get(kernel)!;
    const double = two.get(kernel)!;
    if (kernel === 'naive') naiveOne = single.trialsPerSecond;
    const limit = LIMITS[kernel];
    if (limit) {
      ratios.push(
        `${kernel} ${single.ratios[limit]!.toFixed(2)} on 1 thread, ${double.ratios[limit]!.toFixed(2)} on 2`,
      );
    }
    const earlier = `${kernel}-before` as KernelName;
    if (group.includes(earlier)) {
      const range = (ranges: Map<KernelName, string>) =>
        ranges.has(kernel) ? ` (${ranges.get(kernel)})` : '';
      beforeRatios.push(
        `${kernel} ${single.ratios[earlier]!.toFixed(3)}${range(oneRange)} on 1 thread, ` +
          `${double.ratios[earlier]!.toFixed(3)}${range(twoRange)} on 2`,
      );
    }
    rows.push([
      LABELS[kernel],
      millions(single.trialsPerSecond),
      millions(double.trialsPerSecond),
      `${(double.trialsPerSecond / single.trialsPerSecond).toFixed(2)}×`,
      `${(single.trialsPerSecond / naiveOne).toFixed(1)}×`,
      limit ? single.ratios[limit]!.toFixed(2) : '',
      `${(1e6 / single.trialsPerSecond).toFixed(3)} µs`,
      millions(single.trialsPerCpuSecond),
      double.cpuShare.toFixed(2),
      single.successRate.toFixed(4),
    ]);
  }
}
const header = [
  'kernel',
  '1 thread',
  '2 threads',
  '2 vs 1',
  'vs naive',
  'vs limit',
  'per trial',
  'per CPU-second',
  'cores got (2 thr)',
  'success',
];
const widths = header.map((h, i) =>
  Math.max(h.length, ...rows.map((r) => (r[i] as string).length)),
);
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
process.stdout.write(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
for (const row of rows) process.stdout.write(`${line(row)}\n`);
process.stdout.write(
  `\nvs limit: kernel over its limit, the two taking turns in 100 ms slices on the same threads, ` +
    `each slice timed by the thread's CPU time; median over neighbouring slices:\n  ${ratios.join('\n  ')}\n` +
    (before
      ? `vs before: today's kernel over the same at ${before.revision}, taking turns the same way, each engine in threads of its own, its threads taking their turns together ` +
        `(2 threads over 1 thread: the same ratio means the same scaling):\n  ${beforeRatios.join('\n  ')}\n`
      : '') +
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ', ',
      )} on ${availableParallelism()} cores; "per CPU-second" divides by the CPU time the thread really got;\n"2 vs 1" can only reach 2× when "cores got" is near 2 (no other load on the machine).\n`,
);

if (withGpu) {
  const gpu = await measureGpu(
    [
      { n: N, k: K, strategy: 'cycle', method: 'literal' },
      { n: N, k: K, strategy: 'cycle', method: 'fast' },
      { n: N, k: K, strategy: 'swap', method: 'literal' },
      { n: N, k: K, strategy: 'swap', method: 'fast' },
    ],
    DURATION_MS,
  );
  if ('missing' in gpu) {
    process.stdout.write(`\nGPU: ${gpu.missing}\n`);
  } else {
    process.stdout.write(
      `\nGPU: ${gpu.adapterName}${gpu.software ? ' (software rasteriser, not a GPU)' : ''}, ` +
        `WebGPU through Dawn, same kernels and tallies as the CPU:\n`,
    );
    for (const row of gpu.rows) {
      const { strategy, method } = row.settings;
      process.stdout.write(
        `  ${`${method}${strategy === 'swap' ? ' swap' : ''}`.padEnd(14)}${millions(row.trialsPerSecond).padStart(11)}` +
          `  ${row.dispatches} dispatches of ${row.meanDispatchMs.toFixed(1)} ms on average, success ${row.successRate.toFixed(4)}\n`,
      );
    }
  }
}

process.stdout.write(`\nsimulation step (openBox, whole games box by box, k = n/2, one thread):\n`);
for (const strategy of ['cycle', 'random'] as const) {
  for (const n of [100, 1000, 10_000]) {
    const step = measureGameSteps(n, strategy, quick ? 300 : 1500);
    process.stdout.write(
      `  ${strategy.padEnd(6)} n = ${String(n).padEnd(6)} ${step.nsPerBox.toFixed(1).padStart(7)} ns per box ` +
        `(${step.openings.toLocaleString('en')} boxes)\n`,
    );
  }
}

const pool = await measurePool({ n: N, k: K, trials: POOL_TRIALS });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
process.stdout.write(
  `\nlab pool as npm run sim runs it, literal, ${POOL_TRIALS.toExponential(0)} trials: ` +
    `1 thread ${seconds(pool.oneMs)}, 2 threads ${seconds(pool.twoMs)}, ` +
    `2 vs 1 ${(pool.oneMs / pool.twoMs).toFixed(2)}×; start-up (one trial a thread) ` +
    `${seconds(pool.startOneMs)} and ${seconds(pool.startTwoMs)}, 2 vs 1 without it ` +
    `${((pool.oneMs - pool.startOneMs) / (pool.twoMs - pool.startTwoMs)).toFixed(2)}×\n\n`,
);

if (withBrowser) await reportSeries(quick ? 10_000 : 20_000, before?.revision);

if (withBrowser) {
  const trials = quick ? 20_000_000 : 100_000_000;
  process.stdout.write(
    `\nChromium, lab page, ${trials.toExponential(0)} fast trials (production build in /tmp/dist-bench):\n`,
  );
  const gpuTrials = quick ? 1_000_000 : 4_000_000;
  const { jank, gpuJank, glides, sizes, clockIntervals } = await measureBrowser(trials, gpuTrials);
  const watched = (label: string, run: typeof jank) => [
    label,
    `  ran on                 ${run.ranOn}`,
    `  run time               ${(run.runMs / 1000).toFixed(2)} s`,
    `  long tasks (> 50 ms)   ${run.longTasks} (longest task ${run.longestTaskMs.toFixed(0)} ms${run.longTaskTimes ? `; at ms+duration: ${run.longTaskTimes}` : ''})`,
    `  animation frames       ${run.frames}, largest gap ${run.maxFrameGapMs.toFixed(1)} ms`,
    `  cancel to cancelled    ${run.cancelMs === null ? 'not measured: the run finished first' : `${run.cancelMs.toFixed(1)} ms`}`,
  ];
  process.stdout.write(
    [
      ...watched('CPU workers:', jank),
      ...watched(
        `The same page with WebGPU, ${gpuTrials.toExponential(0)} fast trials on the GPU worker:`,
        gpuJank,
      ),
      `Simulation, long tasks (ms after start+duration) on the idle grid for 3 s: ${glides.idle || 'none'}`,
      `  from each click through two glides into rings and back (3 s): ${glides.glides || 'none'}`,
      `Simulation at n = 10,000, Keep playing at top speed for 20 s: ${sizes.seriesGames} games; long tasks (ms after Start+duration): ${sizes.seriesLongTasks || 'none'}`,
      `  largest frame gap ${sizes.seriesMaxFrameGapMs.toFixed(1)} ms, JS heap ${sizes.seriesHeapMb.toFixed(1)} MB (target < 150 MB)`,
      `  Prisoners from 100 to 10,000 and back, long tasks (ms after the first change+duration): ${sizes.resizeLongTasks || 'none'}`,
      `Home page clock, ms between its changes: ${clockIntervals.join(', ')}`,
      '',
    ].join('\n'),
  );
}
