// Arguments of `npm run sim`, validated with the lab's own settings rules.
import { availableParallelism } from 'node:os';
import {
  defaultDraft,
  defaultGuesses,
  parseSettings,
  parseWholeNumber,
  type SettingField,
  type SettingsDraft,
} from '../src/features/prisoners/engine/lab-settings.ts';
import { DEVICES, type Device } from '../src/features/prisoners/engine/types.ts';

const MAX_THREADS = 256;

/** A bad command-line argument; the message names it. */
export class ArgumentError extends Error {}

export interface CliOptions {
  draft: SettingsDraft;
  threads: number;
  json: boolean;
  /** cpu: worker threads (the default); gpu: the WebGPU kernels through the webgpu package. */
  device: Device;
  /** `--shard i/m`: only shard i (1-based here, 0-based in `index`) of m; null for the whole run. */
  shard: { index: number; count: number } | null;
}

/** Most shards a run may be split into. */
export const MAX_SHARDS = 1_000_000;

/** `i/m` with 1 <= i <= m <= MAX_SHARDS. */
function parseShard(value: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!(count >= 1 && count <= MAX_SHARDS && index >= 1 && index <= count)) {
    throw new ArgumentError(
      `--shard must be i/m with 1 <= i <= m <= ${MAX_SHARDS} (shard i of m), got ${value}`,
    );
  }
  return { index: index - 1, count };
}

/** Parses argv (without node and the script); throws ArgumentError naming the bad argument. */
export function parseArguments(argv: readonly string[]): CliOptions {
  const draft = defaultDraft();
  let kGiven = false;
  let threads = Math.max(1, availableParallelism());
  let json = false;
  let device: Device = 'cpu';
  let shard: CliOptions['shard'] = null;
  const fields = new Set<string>(['n', 'k', 'trials', 'strategy', 'method', 'seed']);
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i] as string;
    if (argument === '--json') {
      json = true;
      continue;
    }
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(argument);
    if (!match) throw new ArgumentError(`unexpected argument ${argument}`);
    const name = match[1] as string;
    if (!fields.has(name) && name !== 'threads' && name !== 'device' && name !== 'shard')
      throw new ArgumentError(`unknown argument --${name}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) {
      throw new ArgumentError(`--${name} needs a value`);
    }
    if (name === 'device') {
      const named = DEVICES.find((known) => known === value);
      if (!named) throw new ArgumentError(`--device must be cpu or gpu, got ${value}`);
      device = named;
    } else if (name === 'shard') {
      shard = parseShard(value);
    } else if (name === 'threads') {
      const parsed = parseWholeNumber(value);
      if (parsed === null || parsed < 1 || parsed > MAX_THREADS) {
        throw new ArgumentError(
          `--threads must be a whole number from 1 to ${MAX_THREADS}, got ${value}`,
        );
      }
      threads = parsed;
    } else {
      draft[name as SettingField] = value;
      if (name === 'k') kGiven = true;
    }
  }
  if (!kGiven) {
    const n = parseWholeNumber(draft.n);
    if (n !== null) draft.k = String(defaultGuesses(n));
  }
  const { errors } = parseSettings(draft);
  const first = (Object.keys(errors) as SettingField[])[0];
  if (first)
    throw new ArgumentError(`--${first}: ${errors[first]} Got ${JSON.stringify(draft[first])}.`);
  if (device === 'gpu' && shard) {
    throw new ArgumentError('--shard runs on worker threads: use it with --device cpu');
  }
  return { draft, threads, json, device, shard };
}

/** Arguments of `npm run sim -- merge a.json b.json … [--json]` (after the word merge). */
export function parseMergeArguments(argv: readonly string[]): { files: string[]; json: boolean } {
  const files: string[] = [];
  let json = false;
  for (const argument of argv) {
    if (argument === '--json') json = true;
    else if (argument.startsWith('--')) throw new ArgumentError(`unknown argument ${argument}`);
    else files.push(argument);
  }
  if (files.length === 0) throw new ArgumentError('merge needs the shard files to add up');
  return { files, json };
}
