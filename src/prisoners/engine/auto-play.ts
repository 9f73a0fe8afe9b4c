import { nextPrisoner, openBox, prisonerStart, strategyBox, type BoxLabels } from './game.ts';

/** How an automatic run ended: `prisoner` is 0-based. */
export type PlayOutcome = { kind: 'failed'; prisoner: number } | { kind: 'all-found' };

export interface AutoPlayHooks {
  /** Receives the next boxes opened, in order; the run waits until the promise settles. */
  emit(boxes: Int32Array): Promise<unknown> | unknown;
  /** Current pause between two openings, read before every step so speed changes apply at once. */
  delayMs(): number;
  sleep(ms: number): Promise<unknown>;
}

/**
 * Plays the cycle-following strategy from `firstPrisoner` (who starts with all boxes closed)
 * until a prisoner fails or all have succeeded. With a pause, every opening is its own batch;
 * without one, each prisoner's whole walk is one batch, so the screen shows a prisoner a frame.
 */
export async function autoPlay(
  slips: ArrayLike<number>,
  firstPrisoner: number,
  hooks: AutoPlayHooks,
  labels: BoxLabels = null,
): Promise<PlayOutcome> {
  let state = prisonerStart(firstPrisoner);
  const pending: number[] = [];
  for (;;) {
    state = nextPrisoner(state);
    state = openBox(state, slips, strategyBox(state, slips, labels));
    pending.push(state.opened[state.opened.length - 1] as number);
    const delay = hooks.delayMs();
    if (delay > 0 || state.status !== 'searching') {
      await hooks.emit(Int32Array.from(pending));
      pending.length = 0;
    }
    if (state.status === 'failed') return { kind: 'failed', prisoner: state.prisoner };
    if (state.status === 'all-found') return { kind: 'all-found' };
    if (delay > 0) await hooks.sleep(delay);
  }
}
