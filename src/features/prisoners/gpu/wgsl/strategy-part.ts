/**
 * The strategy: what decides a trial. The cycle strategy needs the longest cycle (and, when
 * 2k < n, the boxes in cycles longer than k); the swap strategy lets a helper split the longest
 * cycle first; the random strategy searches boxes at random (literal) or draws its success with
 * the exact probability (fast). Each strategy gives its trial functions for both methods and its
 * own helpers, as literal-kernels.ts and fast-kernels.ts run them.
 */
import { randomSuccessProbability } from '../../engine/exact.ts';
import { probabilityWords } from '../../engine/fast-kernels.ts';
import { oneLongCycleAtMost } from '../../engine/tally.ts';
import type { Strategy } from '../../engine/types.ts';
import { LONGEST_AND_FREED, scanCycles, type CycleTracker } from './cycle-scan.ts';
import { bernoulliPart } from './draw-part.ts';
import type { GpuKernelSettings } from './kernel-layout.ts';
import { literalTrialPart, sampledTrialPart, scannedTrialPart } from './method-part.ts';
import { COUNT_CERTAIN_SUCCESS, countSuccess, FREED } from './tally-part.ts';

/** A strategy's parts of a job's shader. */
export interface StrategyPart {
  /** WGSL functions its literal trials call besides the method's. */
  literalHelpers: string;
  /** In `main`, at a stream's start, when its trials can be literal. */
  literalSetup: string;
  /** `literalTrial()`, returning the trial's longest cycle as the strategy counts it. */
  literalTrial: string;
  /** `fastTrial()` and what it calls, returning the same. */
  fastTrial: string;
  /** In `main`, after each trial: `success` for a strategy whose trials do not set it. */
  success: string;
}

/** Success when no prisoner's cycle is longer than k: the longest cycle decides. */
const LONGEST_DECIDES = 'success = longest <= K;';

/** The cycle strategy: each prisoner follows the slips from the box with their own number. */
function cyclePart({ n, k }: GpuKernelSettings): StrategyPart {
  // When 2k >= n the freed counts follow from the histogram (the host derives them, as the
  // CPU's finishBatch does), so the trials count none.
  const oneLong = oneLongCycleAtMost(n, k);
  return {
    literalHelpers: '',
    literalSetup: '',
    literalTrial: literalTrialPart('', oneLong ? 'longestCycleOf' : 'longestCycleAndFreed'),
    fastTrial: oneLong ? sampledTrialPart() : scannedTrialPart(LONGEST_AND_FREED, 'longest'),
    success: LONGEST_DECIDES,
  };
}

/** The longest cycle and the box it was found from: where the helper's swap goes. */
const LONGEST_AND_FIRST: CycleTracker = {
  declare: ['var longest = 0u;', 'var first = 0u;'],
  until: 'longest',
  step: `if (length > longest) {
      longest = length;
      first = start;
    }`,
};

/** The swap strategy's literal helper, over a copy of the slips at `second`. */
const SPLIT_LONGEST = /* wgsl */ `
// The helper's best swap, as splitLongestCycle: scan a copy, exchange in the slips.
fn splitLongestCycle() {
  for (var i = 0u; i < N; i++) {
    scratch[second + i] = scratch[base + i];
  }
  ${scanCycles('literal', LONGEST_AND_FIRST, 'second')}
  var other = first;
  for (var step = longest >> 1u; step > 0u; step--) {
    other = scratch[base + other];
  }
  let slip = scratch[base + first];
  scratch[base + first] = scratch[base + other];
  scratch[base + other] = slip;
}
`;

/**
 * As fastSwapTrials: the cycles longer than k, and the longest cycle after the helper splits the
 * longest in two halves (or the second longest, if longer).
 */
const SWAP_SAMPLE: CycleTracker = {
  declare: [
    'var longest = 0u;',
    'var second = 0u;',
    'var after = 0u;',
    FREED.declare,
    'var limit = 0u;',
  ],
  until: 'limit',
  step: `${FREED.step}
    if (length > longest) {
      second = longest;
      longest = length;
    } else if (length > second) {
      second = length;
    }
    after = max((longest + 1u) >> 1u, second);
    limit = min(after, K);`,
};

/** The split longest cycle's halves, lost or not, in place of the whole. */
const SWAP_SPLIT_LOST = `if (longest > K) {
    let low = longest >> 1u;
    let high = longest - low;
    lost = lost + select(0u, high, high > K) + select(0u, low, low > K) - longest;
  }`;

/** The swap strategy: the cycle strategy after the helper's one swap. */
function swapPart(): StrategyPart {
  return {
    literalHelpers: SPLIT_LONGEST,
    literalSetup: '',
    literalTrial: literalTrialPart('splitLongestCycle();', 'longestCycleAndFreed'),
    fastTrial: scannedTrialPart(SWAP_SAMPLE, 'after', SWAP_SPLIT_LOST),
    success: LONGEST_DECIDES,
  };
}

/** As everyoneFindsAtRandom: the box order at `second` persists from trial to trial. */
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

/** The box order starts in order at a stream's first trial, as the CPU's scratch does. */
const RESET_BOX_ORDER = `if (stream.done == 0u) {
      for (var i = 0u; i < N; i++) {
        scratch[second + i] = i;
      }
    }`;

/** The random strategy: each prisoner opens k boxes at random. */
function randomPart({ n, k }: GpuKernelSettings): StrategyPart {
  const p = randomSuccessProbability(n, k);
  // p = 1 needs no draw; p = 0 has no words, and no word can be below it.
  const fastTrial =
    p >= 1
      ? sampledTrialPart(COUNT_CERTAIN_SUCCESS)
      : `${bernoulliPart(probabilityWords(p))}\n\n${sampledTrialPart(countSuccess('bernoulli()'))}`;
  return {
    literalHelpers: EVERYONE_AT_RANDOM,
    literalSetup: RESET_BOX_ORDER,
    literalTrial: literalTrialPart(countSuccess('everyoneFindsAtRandom()'), 'longestCycleOf'),
    fastTrial,
    success: '',
  };
}

const STRATEGY_PARTS: Record<Strategy, (settings: GpuKernelSettings) => StrategyPart> = {
  cycle: cyclePart,
  swap: swapPart,
  random: randomPart,
};

/** The parts of the job's strategy. */
export function strategyPart(settings: GpuKernelSettings): StrategyPart {
  return STRATEGY_PARTS[settings.strategy](settings);
}
