// Shards of a lab run on the command line: `--shard i/m` prints the tallies of the streams that
// belong to shard i of m (streams s with s mod m = i − 1) as one JSON object, and `merge` adds
// such files up into the whole run, refusing files that are not shards of one run.
import type {
  LengthExample,
  StreamsReport,
} from '../src/features/prisoners/runtime/streams-job.ts';
import { parseSettings, type LabSettings } from '../src/features/prisoners/engine/lab-settings.ts';
import { createRunLedger, type RunTotals } from '../src/features/prisoners/runtime/run-ledger.ts';
import {
  convergenceCheckpoints,
  type RunLayout,
} from '../src/features/prisoners/engine/streams.ts';

/** Names the file format, so a file of another kind (or version) is refused by name. */
export const SHARD_FORMAT = 'prisoners-lab-shard/1';

export interface ShardFile {
  format: typeof SHARD_FORMAT;
  n: number;
  k: number;
  strategy: string;
  method: string;
  seed: number;
  trials: number;
  /** "i/m": shard i of m, 1-based. */
  shard: string;
  elapsedMs: number;
  tallies: {
    first: number;
    step: number;
    count: number;
    trials: number;
    successes: number;
    longestCycle: number[];
    freed: number[];
    convergence: number[];
    examples: LengthExample[];
  };
}

/** The JSON object `--shard` prints for a finished shard. */
export function shardFile(
  layout: RunLayout,
  shard: { index: number; count: number },
  report: StreamsReport,
): ShardFile {
  const { n, k, strategy, method, trials, runSeed } = layout;
  return {
    format: SHARD_FORMAT,
    n,
    k,
    strategy,
    method,
    seed: runSeed,
    trials,
    shard: `${shard.index + 1}/${shard.count}`,
    elapsedMs: Math.round(report.elapsedMs * 10) / 10,
    tallies: {
      first: report.first,
      step: report.step,
      count: report.count,
      trials: report.trials,
      successes: report.successes,
      longestCycle: Array.from(report.longestCycle),
      freed: Array.from(report.freed),
      convergence: Array.from(report.convergence),
      examples: report.examples,
    },
  };
}

/** A file that cannot be merged; the message names it and why, in one line. */
export class MergeError extends Error {}

interface ParsedShard {
  name: string;
  layout: RunLayout;
  index: number;
  count: number;
  report: StreamsReport;
}

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);

function numbers(value: unknown, length: number): Float64Array | null {
  if (!Array.isArray(value) || value.length !== length || !value.every(isWhole)) return null;
  return Float64Array.from(value as number[]);
}

function parseExample(value: unknown, n: number): LengthExample | null {
  if (typeof value !== 'object' || value === null) return null;
  const { length, state, trial } = value as Record<string, unknown>;
  if (!isWhole(length) || length < 0 || length > n || !isWhole(trial) || trial < 1) return null;
  if (typeof state !== 'string' || !/^[0-9a-f]{32}$/.test(state)) return null;
  return { length, state, trial };
}

/** One shard file's text, checked field by field. */
function parseShard(name: string, text: string): ParsedShard {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new MergeError(`${name} is not JSON`);
  }
  const file = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (file.format !== SHARD_FORMAT) {
    throw new MergeError(`${name} is not a shard of a lab run (format ${SHARD_FORMAT})`);
  }
  const draft = Object.fromEntries(
    (['n', 'k', 'trials', 'strategy', 'method', 'seed'] as const).map((field) => [
      field,
      typeof file[field] === 'number' || typeof file[field] === 'string' ? String(file[field]) : '',
    ]),
  ) as Record<'n' | 'k' | 'trials' | 'strategy' | 'method' | 'seed', string>;
  // A shard file names no device: shards run on the CPU workers.
  const { settings, errors } = parseSettings({ ...draft, device: '' });
  const bad = Object.keys(errors)[0];
  if (!settings || settings.seed === null || bad) {
    throw new MergeError(`${name}: ${bad ? errors[bad as keyof typeof errors] : 'no seed'}`);
  }
  const shard = typeof file.shard === 'string' ? /^(\d+)\/(\d+)$/.exec(file.shard) : null;
  const index = shard ? Number(shard[1]) - 1 : -1;
  const count = shard ? Number(shard[2]) : 0;
  if (!shard || index < 0 || index >= count) {
    throw new MergeError(`${name}: shard must be i/m with 1 <= i <= m`);
  }
  const layout: RunLayout = { ...(settings as LabSettings), runSeed: settings.seed };
  const n = layout.n;
  const tallies = (
    typeof file.tallies === 'object' && file.tallies !== null ? file.tallies : {}
  ) as Record<string, unknown>;
  const longestCycle = numbers(tallies.longestCycle, n + 1);
  const freed = numbers(tallies.freed, n + 1);
  const convergence = numbers(tallies.convergence, convergenceCheckpoints(layout.trials).length);
  const examples = Array.isArray(tallies.examples)
    ? tallies.examples.map((example) => parseExample(example, n))
    : null;
  const { first, step, count: streams, trials, successes } = tallies;
  if (
    !longestCycle ||
    !freed ||
    !convergence ||
    !examples ||
    examples.includes(null) ||
    !isWhole(first) ||
    !isWhole(step) ||
    !isWhole(streams) ||
    !isWhole(trials) ||
    !isWhole(successes) ||
    longestCycle.reduce((a, b) => a + b, 0) !== trials
  ) {
    throw new MergeError(`${name}: its tallies are incomplete or inconsistent`);
  }
  return {
    name,
    layout,
    index,
    count,
    report: {
      first,
      step,
      count: streams,
      trials,
      successes,
      longestCycle,
      freed,
      convergence,
      examples: examples as LengthExample[],
      elapsedMs: typeof file.elapsedMs === 'number' ? file.elapsedMs : 0,
    },
  };
}

const RUN_FIELDS = ['n', 'k', 'strategy', 'method', 'trials', 'runSeed'] as const;

export interface MergedRun {
  layout: RunLayout;
  totals: RunTotals;
  shards: number;
  /** The shards' own times, added up. */
  elapsedMs: number;
}

/**
 * Adds up every shard of one run: the files must be the shards 1/m … m/m of the same settings
 * and seed, each once.
 */
export function mergeShards(files: readonly { name: string; text: string }[]): MergedRun {
  const shards = files.map(({ name, text }) => parseShard(name, text));
  const [head] = shards;
  if (!head) throw new MergeError('no shard files given');
  const byIndex = new Map<number, ParsedShard>();
  for (const shard of shards) {
    const differs = RUN_FIELDS.find((field) => shard.layout[field] !== head.layout[field]);
    if (differs) {
      const label = differs === 'runSeed' ? 'seed' : differs;
      throw new MergeError(
        `${shard.name} is a shard of another run than ${head.name} (${label} ${shard.layout[differs]}, not ${head.layout[differs]})`,
      );
    }
    if (shard.count !== head.count) {
      throw new MergeError(
        `${shard.name} is one of ${shard.count} shards, ${head.name} one of ${head.count}`,
      );
    }
    const twin = byIndex.get(shard.index);
    if (twin) {
      throw new MergeError(
        `shard ${shard.index + 1}/${shard.count} given twice (${twin.name}, ${shard.name})`,
      );
    }
    byIndex.set(shard.index, shard);
  }
  const missing = Array.from({ length: head.count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const names = missing.slice(0, 5).map((i) => `${i + 1}/${head.count}`);
    const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
    throw new MergeError(
      `shard${missing.length > 1 ? 's' : ''} ${names.join(', ')}${more} missing`,
    );
  }
  const ledger = createRunLedger(head.layout);
  for (const shard of shards) {
    const expected = { first: shard.index, step: shard.count };
    const streams = shard.report;
    if (
      (streams.count > 0 && (streams.first !== expected.first || streams.step !== expected.step)) ||
      !ledger.add(streams)
    ) {
      throw new MergeError(
        `${shard.name} does not hold the streams of shard ${shard.index + 1}/${shard.count}`,
      );
    }
  }
  if (!ledger.complete) {
    throw new MergeError(`the shards do not hold every stream of the run (an unfinished shard?)`);
  }
  return {
    layout: head.layout,
    totals: ledger.totals(),
    shards: head.count,
    elapsedMs: shards.reduce((total, shard) => total + shard.report.elapsedMs, 0),
  };
}
