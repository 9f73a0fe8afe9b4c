// Throughput of the naive baseline, the literal and the fast kernel (cycle strategy, and swap
// strategy) on 1 and 2 threads, measured in one run, the same kernels on the GPU (WebGPU through
// Dawn, first adapter found), then main-thread smoothness of a lab run in Chromium.
//   npm run bench [-- --quick] [-- --no-browser] [-- --no-gpu]
// Without a GPU, VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json measures SwiftShader.
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { cycleSuccessProbability, swapSuccessProbability } from '../src/prisoners/engine/exact.ts';
import type { KernelName, KernelTask, ThreadMeasurement } from './bench/kernel-worker.ts';
import { measureBrowser } from './bench/browser-jank.ts';
import { measureGameSteps } from './bench/game-steps.ts';
import { measurePool } from './bench/pool.ts';
import { measureGpu } from './bench/gpu.ts';

const quick = process.argv.includes('--quick');
const withBrowser = !process.argv.includes('--no-browser');
const withGpu = !process.argv.includes('--no-gpu');
const DURATION_MS = quick ? 1000 : 3000;
const N = 100;
const K = 50;
const POOL_TRIALS = quick ? 1_000_000 : 4_000_000;

const LABELS: Record<KernelName, string> = {
  naive: 'naive (arrays, Math.random, every prisoner walks)',
  literal: 'literal (seeded shuffle + one cycle scan)',
  'literal-limit': '  limit: tuned kernel, same work',
  fast: 'fast (cycle-structure sampling)',
  'fast-limit': '  limit: tuned kernel, same work',
  'literal-swap': 'literal swap (shuffle, best swap, two cycle scans)',
  'fast-swap': 'fast swap (cycle-structure sampling, longest halved)',
};
/** Kernels measured in turns on the same threads; the second of a pair is the first's limit. */
const GROUPS: KernelName[][] = [
  ['naive'],
  ['literal', 'literal-limit'],
  ['fast', 'fast-limit'],
  ['literal-swap'],
  ['fast-swap'],
];

interface Measurement {
  /** Wall-clock rate, summed over the threads. */
  trialsPerSecond: number;
  /** Rate per second of the measuring thread's own CPU time, mean over the threads. */
  trialsPerCpuSecond: number;
  /** Against the next kernel of the group (its limit): mean over threads of the median slice ratio. */
  ratioToNext: number | undefined;
  successRate: number;
  /** Cores the process kept busy during the timed loop (the machine may be shared). */
  cpuShare: number;
}

function runThread(task: KernelTask): Promise<ThreadMeasurement> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench/kernel-worker.mjs', import.meta.url), {
      workerData: task,
    });
    worker.once('message', (message: ThreadMeasurement) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function measure(
  group: KernelName[],
  threads: number,
): Promise<Map<KernelName, Measurement>> {
  const results = await Promise.all(
    Array.from({ length: threads }, (_, index) =>
      runThread({ kernels: group, n: N, k: K, durationMs: DURATION_MS, seed: 17 + index }),
    ),
  );
  const cpuShare = Math.max(...results.map((r) => r.cpuShare));
  return new Map(
    group.map((kernel) => {
      const each = results.map((r) => r.kernels[kernel]!);
      return [
        kernel,
        {
          trialsPerSecond: sum(each.map((m) => m.trialsPerSecond)),
          trialsPerCpuSecond: sum(each.map((m) => m.trialsPerCpuSecond)) / threads,
          ratioToNext:
            each[0]?.ratioToNext === undefined
              ? undefined
              : sum(each.map((m) => m.ratioToNext ?? 0)) / threads,
          successRate: sum(each.map((m) => m.successRate)) / threads,
          cpuShare,
        },
      ];
    }),
  );
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function millions(value: number): string {
  return value >= 1e6 ? `${(value / 1e6).toFixed(2)} M/s` : `${(value / 1e3).toFixed(1)} k/s`;
}

process.stdout.write(
  `n = ${N}, k = ${K}; exact ${cycleSuccessProbability(N, K).toFixed(6)} with the cycle strategy, ` +
    `${swapSuccessProbability(N, K).toFixed(6)} with swap; ${DURATION_MS} ms per measurement\n\n`,
);
const rows: string[][] = [];
const ratios: string[] = [];
let naiveOne = 0;
for (const group of GROUPS) {
  const one = await measure(group, 1);
  const two = await measure(group, 2);
  for (const kernel of group) {
    const single = one.get(kernel)!;
    const double = two.get(kernel)!;
    if (kernel === 'naive') naiveOne = single.trialsPerSecond;
    if (single.ratioToNext !== undefined && double.ratioToNext !== undefined) {
      ratios.push(
        `${kernel} ${single.ratioToNext.toFixed(2)} on 1 thread, ${double.ratioToNext.toFixed(2)} on 2`,
      );
    }
    rows.push([
      LABELS[kernel],
      millions(single.trialsPerSecond),
      millions(double.trialsPerSecond),
      `${(double.trialsPerSecond / single.trialsPerSecond).toFixed(2)}×`,
      `${(single.trialsPerSecond / naiveOne).toFixed(1)}×`,
      single.ratioToNext?.toFixed(2) ?? '',
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

if (withBrowser) {
  const trials = quick ? 20_000_000 : 100_000_000;
  process.stdout.write(
    `\nChromium, lab page, ${trials.toExponential(0)} fast trials (production build in /tmp/dist-bench):\n`,
  );
  const { jank, glides, sizes, clockIntervals } = await measureBrowser(trials);
  process.stdout.write(
    [
      `  workers                ${jank.workers}`,
      `  run time               ${(jank.runMs / 1000).toFixed(2)} s`,
      `  long tasks (> 50 ms)   ${jank.longTasks} (longest task ${jank.longestTaskMs.toFixed(0)} ms${jank.longTaskTimes ? `; at ms+duration: ${jank.longTaskTimes}` : ''})`,
      `  animation frames       ${jank.frames}, largest gap ${jank.maxFrameGapMs.toFixed(1)} ms`,
      `  cancel to cancelled    ${jank.cancelMs.toFixed(1)} ms`,
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
