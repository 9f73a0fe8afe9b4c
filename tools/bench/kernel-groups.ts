// Kernels measured in groups on 1 or more threads (kernel-worker.ts does the measuring): the
// kernels of a group take turns on the same threads, so machine noise hits them alike, and their
// ratios come from slices that ran side by side.
import { Worker } from 'node:worker_threads';
import type { KernelName, KernelTask, ThreadMeasurement } from './kernel-worker.ts';

/** What every measurement of a run shares. */
export interface GroupSettings {
  n: number;
  k: number;
  /** Measured time per kernel and thread. */
  durationMs: number;
  /** The earlier engine's job runner that the `-before` kernels run (before-engine.ts). */
  beforeRunner?: string;
}

export interface Measurement {
  /** Wall-clock rate, summed over the threads. */
  trialsPerSecond: number;
  /** Rate per second of the measuring thread's own CPU time, mean over the threads. */
  trialsPerCpuSecond: number;
  /** Against each other kernel of the group: mean over threads of the median slice ratio. */
  ratios: Partial<Record<KernelName, number>>;
  successRate: number;
  /** Cores the process kept busy during the timed loop (the machine may be shared). */
  cpuShare: number;
}

function runThread(task: KernelTask): Promise<ThreadMeasurement> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./kernel-worker.mjs', import.meta.url), {
      workerData: task,
    });
    worker.once('message', (message: ThreadMeasurement) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Today's kernels of a group, and the earlier engine's, which run in threads of their own. */
function splitByEngine(group: KernelName[]): KernelName[][] {
  const earlier = group.filter((kernel) => kernel.endsWith('-before'));
  return earlier.length ? [group.filter((kernel) => !earlier.includes(kernel)), earlier] : [group];
}

export function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median over rounds of slices of a's rate over b's (rounds line up: both ran in the same turns). */
function sliceRatio(a: number[], b: number[]): number {
  const rounds = Math.min(a.length, b.length);
  return median(Array.from({ length: rounds }, (_, j) => a[j]! / b[j]!));
}

/** One measurement of a group on `threads` threads. */
async function measure(
  group: KernelName[],
  threads: number,
  settings: GroupSettings,
): Promise<Map<KernelName, Measurement>> {
  // With an earlier engine, one team of `threads` threads per engine, the teams taking turns
  // (kernel-worker.ts): each engine's threads run beside each other, never beside the other's.
  const parts = splitByEngine(group);
  const buffer = new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT);
  const results = await Promise.all(
    Array.from({ length: threads }, async (_, index) => {
      const measured = await Promise.all(
        parts.map((kernels, part) =>
          runThread({
            kernels,
            n: settings.n,
            k: settings.k,
            durationMs: settings.durationMs,
            seed: 17 + index,
            ...(settings.beforeRunner && { beforeEngine: settings.beforeRunner }),
            ...(parts.length > 1 && {
              turn: { buffer, index: part, count: parts.length, members: threads },
            }),
          }),
        ),
      );
      return {
        kernels: Object.assign(
          {},
          ...measured.map((m) => m.kernels),
        ) as ThreadMeasurement['kernels'],
        cpuShare: Math.max(...measured.map((m) => m.cpuShare)),
      };
    }),
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
          ratios: Object.fromEntries(
            group
              .filter((other) => other !== kernel)
              .map((other) => [
                other,
                sum(
                  results.map((r) =>
                    sliceRatio(r.kernels[kernel]!.sliceRates, r.kernels[other]!.sliceRates),
                  ),
                ) / threads,
              ]),
          ),
          successRate: sum(each.map((m) => m.successRate)) / threads,
          cpuShare,
        },
      ];
    }),
  );
}

/**
 * A group measured `repeat` times in fresh threads (V8 compiles each thread's kernels anew, and
 * how it does so varies from one thread to the next): the median of every figure, and with
 * more than one measurement the range of each kernel's ratio to its earlier self.
 */
export async function measureRepeated(
  group: KernelName[],
  threads: number,
  repeat: number,
  settings: GroupSettings,
): Promise<{ medians: Map<KernelName, Measurement>; ranges: Map<KernelName, string> }> {
  const runs: Map<KernelName, Measurement>[] = [];
  for (let i = 0; i < repeat; i++) runs.push(await measure(group, threads, settings));
  const medians = new Map<KernelName, Measurement>();
  const ranges = new Map<KernelName, string>();
  for (const kernel of group) {
    const each = runs.map((run) => run.get(kernel)!);
    const of = (field: (m: Measurement) => number) => median(each.map(field));
    const ratios = Object.fromEntries(
      group
        .filter((other) => other !== kernel)
        .map((other) => [other, of((m) => m.ratios[other]!)]),
    );
    medians.set(kernel, {
      trialsPerSecond: of((m) => m.trialsPerSecond),
      trialsPerCpuSecond: of((m) => m.trialsPerCpuSecond),
      ratios,
      successRate: of((m) => m.successRate),
      cpuShare: of((m) => m.cpuShare),
    });
    const earlier = `${kernel}-before` as KernelName;
    if (repeat > 1 && group.includes(earlier)) {
      const values = each.map((m) => m.ratios[earlier]!);
      ranges.set(kernel, `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`);
    }
  }
  return { medians, ranges };
}
