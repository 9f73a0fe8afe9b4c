/**
 * The lab's kernels in WGSL, for WebGPU compute: the same trials as literal-kernels.ts and
 * fast-kernels.ts, draw for draw. Each invocation runs one stream of trials: a generator state
 * and a count, carried from dispatch to dispatch in a storage buffer, so a stream run on the GPU
 * in slices ends in the state, and with the tallies, of `literalBatch`/`fastBatch` run on the CPU
 * from the same state for the same count.
 *
 * WGSL has 32-bit integers only, and its u32 arithmetic wraps as the CPU's `| 0` does, so sfc32
 * is written as it is; the one product wider than 32 bits (the high word of Lemire's 32-bit
 * draw) is composed from 16-bit halves. The source is generated per job, with n, k, the draw for
 * n and the kernel chosen as in trials.ts, so the shader has no branch on settings.
 */
import { randomSuccessProbability } from '../../engine/exact.ts';
import { probabilityWords } from '../../engine/fast-kernels.ts';
import { SMALL_N_LIMIT } from '../../engine/sfc32.ts';
import { oneLongCycleAtMost, watchThreshold } from '../../engine/tally.ts';
import type { Method, Strategy } from '../../engine/types.ts';

/** What one GPU kernel runs: n prisoners, k guesses, one strategy and one method. */
export interface GpuKernelSettings {
  n: number;
  k: number;
  strategy: Strategy;
  method: Method;
}

export const GPU_WORKGROUP_SIZE = 64;

/**
 * u32 words per stream record: generator state (4), trials done, trials in all, the run trial
 * number of its first trial, how many of its first trials are literal, its successes so far,
 * the index of the next convergence checkpoint in it, padding (2).
 */
export const GPU_STREAM_WORDS = 12;

/** Offsets in a stream record. */
export const GPU_STREAM = {
  state: 0,
  done: 4,
  total: 5,
  firstTrial: 6,
  literalUpTo: 7,
  successes: 8,
  nextCheckpoint: 9,
} as const;

/**
 * Whether trials of these settings are ever literal: all of a literal job's, and the first trials
 * of a fast job whose trials the simulation page can replay (the search for a trial to watch).
 */
export function gpuHasLiteral({ n, strategy, method }: GpuKernelSettings): boolean {
  return method === 'literal' || watchThreshold(n, strategy) !== null;
}

/** Whether streams keep the first literal trial of each longest cycle (the cycle strategy). */
export function gpuKeepsExamples(settings: GpuKernelSettings): boolean {
  return settings.strategy === 'cycle' && gpuHasLiteral(settings);
}

/** u32 words of a stream's examples: per longest cycle L, its first trial's number and state. */
export const GPU_EXAMPLE_WORDS = 5;

export function gpuExampleWords(settings: GpuKernelSettings): number {
  return gpuKeepsExamples(settings) ? GPU_EXAMPLE_WORDS * (settings.n + 1) : 0;
}

/** u32 words of the tally buffer: successes, then the longest-cycle histogram, then freed counts. */
export function gpuTallyWords(n: number): number {
  return 2 * n + 3;
}

/** Offsets of the tally's parts in the tally buffer. */
export function gpuTallyOffsets(n: number): { successes: number; longest: number; freed: number } {
  return { successes: 0, longest: 1, freed: n + 2 };
}

/** Tallies up to this many words are summed in workgroup memory first (8 KiB of the 16 KiB). */
const WORKGROUP_TALLY_MAX = 2048;

/** u32 words of literal scratch per stream: the slips, and the box order or a copy of the slips. */
export function gpuScratchWords(settings: GpuKernelSettings): number {
  if (!gpuHasLiteral(settings)) return 0;
  return settings.strategy === 'cycle' ? settings.n : 2 * settings.n;
}

/** Bytes of GPU memory per stream: its record, its literal scratch and its examples. */
export function gpuBytesPerStream(settings: GpuKernelSettings): number {
  return 4 * (GPU_STREAM_WORDS + gpuScratchWords(settings) + gpuExampleWords(settings));
}

/**
 * Rough cost of one trial in simple steps, for sizing dispatches: a fast trial draws about twice,
 * a literal trial draws n times and walks the boxes once or twice more.
 */
export function gpuTrialWork({ n, strategy, method }: GpuKernelSettings): number {
  if (method === 'fast') return strategy === 'cycle' ? 4 : 8;
  return n * (strategy === 'cycle' ? 3 : 6);
}

const SFC32 = /* wgsl */ `
var<private> rng: vec4<u32>;

// sfc32: a, b, c, d in x, y, z, w; u32 arithmetic wraps like the CPU's int32.
fn nextWord() -> u32 {
  let a = rng.x;
  let b = rng.y;
  let c = rng.z;
  let d = rng.w;
  let t = a + b + d;
  rng = vec4<u32>(b ^ (b >> 9u), c + (c << 3u), ((c << 21u) | (c >> 11u)) + t, d + 1u);
  return t;
}
`;

/** drawSmall: Lemire on the top 24 bits, for bounds up to 256 (n < 256). */
const DRAW_SMALL = /* wgsl */ `
fn draw(bound: u32) -> u32 {
  var product = (nextWord() >> 8u) * bound;
  if ((product & 0xffffffu) < bound) {
    let threshold = 0x1000000u % bound;
    while ((product & 0xffffffu) < threshold) {
      product = (nextWord() >> 8u) * bound;
    }
  }
  return product >> 24u;
}
`;

/** drawLarge: Lemire on 32-bit words, the product's high word from 16-bit halves. */
const DRAW_LARGE = /* wgsl */ `
fn mulHigh(x: u32, y: u32) -> u32 {
  let xl = x & 0xffffu;
  let xh = x >> 16u;
  let yl = y & 0xffffu;
  let yh = y >> 16u;
  let ll = xl * yl;
  let lh = xl * yh;
  let hl = xh * yl;
  let mid = (ll >> 16u) + (lh & 0xffffu) + (hl & 0xffffu);
  return xh * yh + (lh >> 16u) + (hl >> 16u) + (mid >> 16u);
}

fn draw(bound: u32) -> u32 {
  var word = nextWord();
  var low = word * bound;
  if (low < bound) {
    let threshold = (0u - bound) % bound;
    while (low < threshold) {
      word = nextWord();
      low = word * bound;
    }
  }
  return mulHigh(word, bound);
}
`;

/** Literal helpers over the scratch buffer; `base` is the stream's slips, `second` its other array. */
const LITERAL_HELPERS = /* wgsl */ `
var<private> base: u32;
var<private> second: u32;

// Inside-out Fisher–Yates, as shuffleArrangement.
fn shuffle() {
  scratch[base] = 0u;
  for (var i = 1u; i < N; i++) {
    let j = draw(i + 1u);
    scratch[base + i] = scratch[base + j];
    scratch[base + j] = i;
  }
}

// Length of the cycle through box start of the array at offset; its boxes are marked with N.
fn markCycle(offset: u32, start: u32) -> u32 {
  var at = scratch[offset + start];
  scratch[offset + start] = N;
  var length = 1u;
  while (at != start) {
    let next = scratch[offset + at];
    scratch[offset + at] = N;
    at = next;
    length++;
  }
  return length;
}

fn longestCycleOf(offset: u32) -> u32 {
  var remaining = N;
  var longest = 0u;
  for (var start = 0u; remaining > longest; start++) {
    if (scratch[offset + start] == N) {
      continue;
    }
    let length = markCycle(offset, start);
    remaining -= length;
    longest = max(longest, length);
  }
  return longest;
}

fn longestCycleAndFreed(offset: u32) -> u32 {
  var remaining = N;
  var longest = 0u;
  var lost = 0u;
  var limit = 0u;
  for (var start = 0u; remaining > limit; start++) {
    if (scratch[offset + start] == N) {
      continue;
    }
    let length = markCycle(offset, start);
    remaining -= length;
    if (length > K) {
      lost += length;
    }
    if (length > longest) {
      longest = length;
      limit = min(longest, K);
    }
  }
  count(FREED + N - lost);
  return longest;
}
`;

const SPLIT_LONGEST = /* wgsl */ `
// The helper's best swap, as splitLongestCycle: scan a copy, exchange in the slips.
fn splitLongestCycle() {
  for (var i = 0u; i < N; i++) {
    scratch[second + i] = scratch[base + i];
  }
  var remaining = N;
  var longest = 0u;
  var first = 0u;
  for (var start = 0u; remaining > longest; start++) {
    if (scratch[second + start] == N) {
      continue;
    }
    let length = markCycle(second, start);
    remaining -= length;
    if (length > longest) {
      longest = length;
      first = start;
    }
  }
  var other = first;
  for (var step = longest >> 1u; step > 0u; step--) {
    other = scratch[base + other];
  }
  let slip = scratch[base + first];
  scratch[base + first] = scratch[base + other];
  scratch[base + other] = slip;
}
`;

const EVERYONE_AT_RANDOM = /* wgsl */ `
// As everyoneFindsAtRandom: the box order at second persists from trial to trial.
fn everyoneFindsAtRandom() -> bool {
  for (var prisoner = 0u; prisoner < N; prisoner++) {
    var opened = 0u;
    for (; opened < K; opened++) {
      let j = opened + draw(N - opened);
      let box = scratch[second + j];
      scratch[second + j] = scratch[second + opened];
      scratch[second + opened] = box;
      if (scratch[base + box] == prisoner) {
        break;
      }
    }
    if (opened == K) {
      return false;
    }
  }
  return true;
}
`;

const FAST_LONGEST = /* wgsl */ `
fn sampleLongest() -> u32 {
  var remaining = N;
  var longest = 0u;
  while (remaining > longest) {
    let length = draw(remaining) + 1u;
    remaining -= length;
    longest = max(longest, length);
  }
  return longest;
}
`;

/**
 * The trial bodies: `literalTrial` as the literal kernel of these settings, `fastTrial` as the
 * fast one. Each counts its trial in the tally and returns its longest cycle; a random-strategy
 * trial also sets `success` (the others succeed when the longest cycle is at most k).
 */
function literalTrialFunction(settings: GpuKernelSettings): string {
  const { n, k, strategy } = settings;
  if (strategy === 'random') {
    return `fn literalTrial() -> u32 {
  shuffle();
  success = everyoneFindsAtRandom();
  if (success) {
    count(SUCCESSES);
  }
  let longest = longestCycleOf(base);
  count(LONGEST + longest);
  return longest;
}`;
  }
  const scan =
    strategy === 'cycle' && oneLongCycleAtMost(n, k) ? 'longestCycleOf' : 'longestCycleAndFreed';
  return `fn literalTrial() -> u32 {
  shuffle();
  ${strategy === 'swap' ? 'splitLongestCycle();' : ''}
  let longest = ${scan}(base);
  count(LONGEST + longest);
  return longest;
}`;
}

function fastTrialFunction(settings: GpuKernelSettings): string {
  const { n, k, strategy } = settings;
  if (strategy === 'random') {
    const p = randomSuccessProbability(n, k);
    // p = 1 needs no draw; p = 0 has no words, and no word can be below it.
    const success =
      p >= 1
        ? 'success = true;\n  count(SUCCESSES);'
        : `success = bernoulli();
  if (success) {
    count(SUCCESSES);
  }`;
    return `${p >= 1 ? '' : bernoulliFunction(probabilityWords(p))}
fn fastTrial() -> u32 {
  let longest = sampleLongest();
  count(LONGEST + longest);
  ${success}
  return longest;
}`;
  }
  if (strategy === 'cycle' && oneLongCycleAtMost(n, k)) {
    return `fn fastTrial() -> u32 {
  let longest = sampleLongest();
  count(LONGEST + longest);
  return longest;
}`;
  }
  if (strategy === 'cycle') {
    return `fn fastTrial() -> u32 {
  var remaining = N;
  var longest = 0u;
  var lost = 0u;
  var limit = 0u;
  while (remaining > limit) {
    let length = draw(remaining) + 1u;
    remaining -= length;
    if (length > K) {
      lost += length;
    }
    if (length > longest) {
      longest = length;
      limit = min(longest, K);
    }
  }
  count(LONGEST + longest);
  count(FREED + N - lost);
  return longest;
}`;
  }
  // As fastSwapTrials.
  return `fn fastTrial() -> u32 {
  var remaining = N;
  var longest = 0u;
  var second = 0u;
  var after = 0u;
  var lost = 0u;
  var limit = 0u;
  while (remaining > limit) {
    let length = draw(remaining) + 1u;
    remaining -= length;
    if (length > K) {
      lost += length;
    }
    if (length > longest) {
      second = longest;
      longest = length;
    } else if (length > second) {
      second = length;
    }
    after = max((longest + 1u) >> 1u, second);
    limit = min(after, K);
  }
  if (longest > K) {
    let low = longest >> 1u;
    let high = longest - low;
    lost = lost + select(0u, high, high > K) + select(0u, low, low > K) - longest;
  }
  count(LONGEST + after);
  count(FREED + N - lost);
  return after;
}`;
}

/** As `bernoulli` in fast-kernels.ts, with p's words in the shader. */
function bernoulliFunction(words: Uint32Array): string {
  if (words.length === 0) return 'fn bernoulli() -> bool {\n  return false;\n}';
  const list = Array.from(words, (word) => `${word}u`).join(', ');
  return `var<private> WORDS: array<u32, ${words.length}> = array<u32, ${words.length}>(${list});

fn bernoulli() -> bool {
  for (var i = 0u; i < ${words.length}u; i++) {
    let word = nextWord();
    let expected = WORDS[i];
    if (word != expected) {
      return word < expected;
    }
  }
  return false;
}`;
}

/**
 * The WGSL compute shader for one job. Bindings: 0 params (uniform: streams in this dispatch,
 * trials per stream in this dispatch, convergence checkpoints), 1 stream records, 2 the tally
 * (atomic u32, added to), 3 the run's convergence checkpoints (run trial numbers, ascending),
 * 4 each checkpoint's successes within the stream that holds it, 5 literal scratch (when trials
 * can be literal), 6 examples (cycle strategy with literal trials).
 */
export function gpuShaderSource(settings: GpuKernelSettings): string {
  const { n, k, strategy, method } = settings;
  const literal = gpuHasLiteral(settings);
  const fast = method === 'fast';
  const examples = gpuKeepsExamples(settings);
  const offsets = gpuTallyOffsets(n);
  const tallyWords = gpuTallyWords(n);
  const shared = tallyWords <= WORKGROUP_TALLY_MAX;
  const scratchWords = gpuScratchWords(settings);
  const counting = shared
    ? `var<workgroup> localTally: array<atomic<u32>, ${tallyWords}>;

fn count(index: u32) {
  atomicAdd(&localTally[index], 1u);
}`
    : `fn count(index: u32) {
  atomicAdd(&tally[index], 1u);
}`;
  const flush = shared
    ? `workgroupBarrier();
  for (var i = lid; i < ${tallyWords}u; i += ${GPU_WORKGROUP_SIZE}u) {
    let value = atomicLoad(&localTally[i]);
    if (value != 0u) {
      atomicAdd(&tally[i], value);
    }
  }`
    : '';
  const literalSetup = literal
    ? `base = index * ${scratchWords}u;
    second = base + N;
    ${
      strategy === 'random'
        ? `if (stream.done == 0u) {
      for (var i = 0u; i < N; i++) {
        scratch[second + i] = i;
      }
    }`
        : ''
    }`
    : '';
  // Which body runs a trial: literal for the stream's first literalUpTo trials, fast after.
  const runTrial =
    literal && fast
      ? `let isLiteral = stream.done + t < stream.literalUpTo;
      var longest = 0u;
      if (isLiteral) {
        longest = literalTrial();
      } else {
        longest = fastTrial();
      }`
      : literal
        ? 'let isLiteral = true;\n      let longest = literalTrial();'
        : 'let isLiteral = false;\n      let longest = fastTrial();';
  const keepExample = examples
    ? `let at = (index * (N + 1u) + longest) * ${GPU_EXAMPLE_WORDS}u;
      if (isLiteral && examples[at] == 0u) {
        examples[at] = trial;
        examples[at + 1u] = start.x;
        examples[at + 2u] = start.y;
        examples[at + 3u] = start.z;
        examples[at + 4u] = start.w;
      }`
    : '';
  return `// Lab trials: n = ${n}, k = ${k}, ${strategy}, ${method}.
struct Params {
  streams: u32,
  slice: u32,
  checkpoints: u32,
  pad: u32,
}

struct Stream {
  state: vec4<u32>,
  done: u32,
  total: u32,
  firstTrial: u32,
  literalUpTo: u32,
  successes: u32,
  nextCheckpoint: u32,
  pad0: u32,
  pad1: u32,
}

const N: u32 = ${n}u;
const K: u32 = ${k}u;
const SUCCESSES: u32 = ${offsets.successes}u;
const LONGEST: u32 = ${offsets.longest}u;
const FREED: u32 = ${offsets.freed}u;

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> streams: array<Stream>;
@group(0) @binding(2) var<storage, read_write> tally: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read> checkpoints: array<u32>;
@group(0) @binding(4) var<storage, read_write> convergence: array<u32>;
${literal ? '@group(0) @binding(5) var<storage, read_write> scratch: array<u32>;' : ''}
${examples ? '@group(0) @binding(6) var<storage, read_write> examples: array<u32>;' : ''}
var<private> success: bool;
${SFC32}
${n < SMALL_N_LIMIT ? DRAW_SMALL : DRAW_LARGE}
${counting}
${literal ? LITERAL_HELPERS : ''}
${fast ? FAST_LONGEST : ''}
${literal && strategy === 'swap' ? SPLIT_LONGEST : ''}
${literal && strategy === 'random' ? EVERYONE_AT_RANDOM : ''}
${literal ? literalTrialFunction(settings) : ''}
${fast ? fastTrialFunction(settings) : ''}

@compute @workgroup_size(${GPU_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let index = id.x;
  if (index < params.streams) {
    var stream = streams[index];
    rng = stream.state;
    ${literalSetup}
    let todo = min(stream.total - stream.done, params.slice);
    for (var t = 0u; t < todo; t++) {
      let start = rng;
      let trial = stream.firstTrial + stream.done + t;
      ${runTrial}
      ${strategy === 'random' ? '' : 'success = longest <= K;'}
      if (success) {
        stream.successes += 1u;
      }
      if (stream.nextCheckpoint < params.checkpoints && checkpoints[stream.nextCheckpoint] == trial) {
        convergence[stream.nextCheckpoint] = stream.successes;
        stream.nextCheckpoint += 1u;
      }
      ${keepExample}
    }
    stream.done += todo;
    stream.state = rng;
    streams[index] = stream;
  }
  ${flush}
}
`;
}
