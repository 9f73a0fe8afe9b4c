// The simulation's step function at growing n: nanoseconds per opened box, playing whole games
// box by box with openBox as the page and the game worker do. A step that copied or scanned
// the opened boxes would grow with k; this one stays flat.
import {
  initialGame,
  nextPrisoner,
  openBox,
  playBox,
  type Play,
} from '../../src/features/prisoners/engine/game.ts';
import { randomArrangement } from '../../src/features/prisoners/engine/permutation.ts';
import { createRng } from '../../src/features/prisoners/engine/rng.ts';

export interface StepMeasurement {
  n: number;
  k: number;
  strategy: Play['strategy'];
  openings: number;
  nsPerBox: number;
}

/** Plays seeded games of n boxes, k = ⌊n/2⌋, for about `budgetMs`; ns per box opened. */
export function measureGameSteps(
  n: number,
  strategy: Play['strategy'],
  budgetMs: number,
): StepMeasurement {
  const k = Math.floor(n / 2);
  const rng = createRng(n);
  const play: Play = strategy === 'random' ? { strategy, rng } : { strategy, labels: null };
  let openings = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    const slips = randomArrangement(n, rng);
    let state = initialGame(k);
    const gameStart = performance.now();
    while (state.status === 'searching' || state.status === 'found') {
      state = nextPrisoner(state);
      state = openBox(state, slips, playBox(state, slips, play));
      openings++;
    }
    // Dealing is not a step: only the play is timed.
    elapsed += performance.now() - gameStart;
    if (performance.now() - started > 20 * budgetMs) break;
  }
  return { n, k, strategy, openings, nsPerBox: (elapsed * 1e6) / openings };
}
