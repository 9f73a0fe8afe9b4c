// Throughput of the naive baseline, the literal and the fast kernel on 1 and 2 threads, measured
// in one run, then main-thread smoothness of a lab run in Chromium.
//   npm run bench [-- --quick] [-- --no-browser]
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { cycleSuccessProbability } from '../src/prisoners/engine/exact.ts';
import type { KernelTask } from './bench/kernel-worker.ts';
import { measureBrowserJank } from './bench/browser-jank.ts';

const quick = process.argv.includes('--quick');
const withBrowser = !process.argv.includes('--no-browser');
const DURATION_MS = quick ? 1000 : 3000;
const N = 100;
const K = 50;

const kernels: { kernel: KernelTask['kernel']; trials: number; label: string }[] = [
  { kernel: 'naive', trials: 20_000, label: 'naive (arrays, Math.random, every prisoner walks)' },
  { kernel: 'literal', trials: 1_000_000, label: 'literal (seeded shuffle + one cycle scan)' },
  { kernel: 'fast', trials: 20_000_000, label: 'fast (cycle-structure sampling)' },
];

interface Measurement {
  trialsPerSecond: number;
  successRate: number;
  /** Cores the process kept busy during the timed loop (the machine may be shared). */
  cpuShare?: number;
  /** Trials per second of CPU time actually given to the process. */
  trialsPerCpuSecond?: number;
}

function runThread(task: KernelTask): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench/kernel-worker.mjs', import.meta.url), {
      workerData: task,
    });
    worker.once('message', (message: Measurement) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function measure(kernel: (typeof kernels)[number], threads: number): Promise<Measurement> {
  const results = await Promise.all(
    Array.from({ length: threads }, (_, index) =>
      runThread({
        kernel: kernel.kernel,
        n: N,
        k: K,
        trials: kernel.trials,
        durationMs: DURATION_MS,
        seed: 17 + index,
      }),
    ),
  );
  const trialsPerSecond = results.reduce((sum, r) => sum + r.trialsPerSecond, 0);
  const cpuShare = Math.max(...results.map((r) => r.cpuShare ?? 0));
  return {
    trialsPerSecond,
    successRate: results.reduce((sum, r) => sum + r.successRate, 0) / threads,
    trialsPerCpuSecond: trialsPerSecond / Math.max(cpuShare, 1e-9),
    cpuShare,
  };
}

function millions(value: number): string {
  return value >= 1e6 ? `${(value / 1e6).toFixed(2)} M/s` : `${(value / 1e3).toFixed(1)} k/s`;
}

const exact = cycleSuccessProbability(N, K);
process.stdout.write(
  `n = ${N}, k = ${K}, cycle strategy; exact ${exact.toFixed(6)}; ${DURATION_MS} ms per measurement\n\n`,
);
const rows: string[][] = [];
let naiveOne = 0;
for (const kernel of kernels) {
  const one = await measure(kernel, 1);
  const two = await measure(kernel, 2);
  if (kernel.kernel === 'naive') naiveOne = one.trialsPerSecond;
  rows.push([
    kernel.label,
    millions(one.trialsPerSecond),
    millions(two.trialsPerSecond),
    `${(two.trialsPerSecond / one.trialsPerSecond).toFixed(2)}×`,
    `${(one.trialsPerSecond / naiveOne).toFixed(1)}×`,
    `${(1e6 / one.trialsPerSecond).toFixed(3)} µs`,
    millions(one.trialsPerCpuSecond ?? 0),
    (two.cpuShare ?? 0).toFixed(2),
    one.successRate.toFixed(4),
  ]);
}
const header = [
  'kernel',
  '1 thread',
  '2 threads',
  '2 vs 1',
  'vs naive',
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
  `\nload average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ', ',
    )} on ${availableParallelism()} cores; "per CPU-second" divides by the CPU time the process really got;\n"2 vs 1" can only reach 2× when "cores got" is near 2 (no other load on the machine).\n`,
);

if (withBrowser) {
  const trials = quick ? 20_000_000 : 100_000_000;
  process.stdout.write(
    `\nChromium, lab page, ${trials.toExponential(0)} fast trials (production build in /tmp/dist-bench):\n`,
  );
  const jank = await measureBrowserJank(trials);
  process.stdout.write(
    [
      `  workers                ${jank.workers}`,
      `  run time               ${(jank.runMs / 1000).toFixed(2)} s`,
      `  long tasks (> 50 ms)   ${jank.longTasks} (longest task ${jank.longestTaskMs.toFixed(0)} ms${jank.longTaskTimes ? `; at ms+duration: ${jank.longTaskTimes}` : ''})`,
      `  animation frames       ${jank.frames}, largest gap ${jank.maxFrameGapMs.toFixed(1)} ms`,
      `  cancel to cancelled    ${jank.cancelMs.toFixed(1)} ms`,
      '',
    ].join('\n'),
  );
}
