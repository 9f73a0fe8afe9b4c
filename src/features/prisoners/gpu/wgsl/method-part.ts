/**
 * The method: how a trial comes by its cycles. A literal trial shuffles the slips into the
 * stream's scratch and walks them (literal-kernels.ts); a fast trial draws the cycle structure
 * directly (fast-kernels.ts). Here are each method's helpers, the shape of its trial function,
 * its setup at a stream's start, and which trials of a stream are literal.
 */
import { LONGEST, LONGEST_AND_FREED, scanCycles, type CycleTracker } from './cycle-scan.ts';
import { gpuHasLiteral, gpuScratchWords, type GpuKernelSettings } from './kernel-layout.ts';
import { countLongest, FREED } from './tally-part.ts';
import { joinDeclarations, joinStatements } from './wgsl-text.ts';

/**
 * Literal helpers over the scratch buffer; `base` is the stream's slips, `second` its other
 * array. The scans end as the CPU's do, so they draw and mark exactly what it does.
 */
const LITERAL_PART = /* wgsl */ `
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
  ${scanCycles('literal', LONGEST)}
  return longest;
}

fn longestCycleAndFreed(offset: u32) -> u32 {
  ${scanCycles('literal', LONGEST_AND_FREED)}
  ${FREED.count}
  return longest;
}
`;

/** The fast method's longest cycle, drawn cycle by cycle. */
const FAST_PART = /* wgsl */ `
fn sampleLongest() -> u32 {
  ${scanCycles('fast', LONGEST)}
  return longest;
}
`;

/** The method's helper functions for these settings: literal, fast, or both. */
export function methodHelpersPart(settings: GpuKernelSettings): string {
  return joinDeclarations(
    gpuHasLiteral(settings) ? LITERAL_PART : '',
    settings.method === 'fast' ? FAST_PART : '',
  );
}

/**
 * A literal trial: shuffle, then `before` (a strategy's own step), then the longest cycle of the
 * slips by `scan` (`longestCycleOf` or `longestCycleAndFreed`), counted and returned.
 */
export function literalTrialPart(before: string, scan: string): string {
  return `fn literalTrial() -> u32 {
  ${joinStatements(
    2,
    'shuffle();',
    before,
    `let longest = ${scan}(base);`,
    countLongest('longest'),
    'return longest;',
  )}
}`;
}

/** A fast trial that needs the longest cycle only: sampled, counted, then `after`. */
export function sampledTrialPart(after = ''): string {
  return `fn fastTrial() -> u32 {
  ${joinStatements(
    2,
    'let longest = sampleLongest();',
    countLongest('longest'),
    after,
    'return longest;',
  )}
}`;
}

/**
 * A fast trial whose scan keeps more (freed prisoners, a swap's second longest): the scan with
 * `tracker`, then `finish`, then the trial's longest cycle `result` and its freed prisoners
 * counted, and `result` returned.
 */
export function scannedTrialPart(tracker: CycleTracker, result: string, finish = ''): string {
  return `fn fastTrial() -> u32 {
  ${joinStatements(
    2,
    scanCycles('fast', tracker),
    finish,
    countLongest(result),
    FREED.count,
    `return ${result};`,
  )}
}`;
}

/**
 * At a stream's start in `main`: where its literal scratch lies, then `literalSetup` (a
 * strategy's); nothing when its trials are never literal.
 */
export function streamSetupPart(settings: GpuKernelSettings, literalSetup: string): string {
  if (!gpuHasLiteral(settings)) return '';
  return joinStatements(
    4,
    `base = index * ${gpuScratchWords(settings)}u;`,
    'second = base + N;',
    literalSetup,
  );
}

/**
 * In `main`, which body runs a trial and whether it is literal: literal for the stream's first
 * `literalUpTo` trials and fast after, when a job has both.
 */
export function trialChoicePart(settings: GpuKernelSettings): string {
  const literal = gpuHasLiteral(settings);
  if (literal && settings.method === 'fast') {
    return `let isLiteral = stream.done + t < stream.literalUpTo;
      var longest = 0u;
      if (isLiteral) {
        longest = literalTrial();
      } else {
        longest = fastTrial();
      }`;
  }
  return literal
    ? 'let isLiteral = true;\n      let longest = literalTrial();'
    : 'let isLiteral = false;\n      let longest = fastTrial();';
}
