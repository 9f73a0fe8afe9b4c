// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRunAddress, type AddressTexts } from './address.ts';
import { usePrisonerStore } from './game-store.ts';
import { isStudying } from './game-state.ts';
import { startRun, studyArrangement } from './run-actions.ts';
import { swapSlips } from '../engine/variants.ts';
import { PRISONER_COUNT, GUESS_LIMIT } from '../engine/constants.ts';
import {
  arrangements,
  dealsOf,
  findSeed,
  firstFailing,
  firstFailingPrisoner,
  halvingExchange,
  wrongBoxes,
} from '../../../testing/arrangements.ts';
import type { Variant } from '../engine/types.ts';

/** The game's state machine: manual play, the helper, the warden, and every new deal. */

const store = usePrisonerStore;
const state = () => store.getState();
const SEED = 20_240_601;

/** Starts the run an address describes, as the page does. */
const start = (address: AddressTexts) => startRun(parseRunAddress(address));

beforeEach(() => {
  // Keep playing is the visitor's and outlives a new game: every test starts with it off.
  store.getState().setKeepPlaying(false);
  start({ seed: String(SEED), variant: null });
});

function begin(address: {
  seed: number | string;
  variant?: Variant;
  n: number;
  k: number;
  strategy?: 'cycle' | 'random';
}) {
  start({
    seed: String(address.seed),
    variant: address.variant ?? null,
    n: String(address.n),
    k: String(address.k),
    strategy: address.strategy ?? null,
  });
}

describe('seed parameter', () => {
  it('makes the first arrangement and every reshuffle reproducible', () => {
    const [first, second, third] = arrangements(SEED, 3);
    expect(store.getState().slips).toEqual(first);
    store.getState().reset();
    expect(store.getState().slips).toEqual(second);
    store.getState().reset();
    expect(store.getState().slips).toEqual(third);
  });
});

describe('manual play', () => {
  it('a wrong box costs a guess and cannot be opened twice', () => {
    const { slips } = store.getState();
    const wrong = slips.findIndex((slip, box) => slip !== 0 && box !== 0);
    store.getState().openManually(wrong);
    store.getState().openManually(wrong);
    expect(store.getState().game).toMatchObject({
      guessesLeft: GUESS_LIMIT - 1,
      opened: Int32Array.of(wrong),
    });
    expect(store.getState().dialog).toBeNull();
  });

  it('finding the own slip shows the success dialog; OK brings the next prisoner', () => {
    const own = store.getState().slips.indexOf(0);
    store.getState().openManually(own);
    expect(store.getState().dialog).toEqual({ kind: 'prisoner-succeeded', prisoner: 0 });
    store.getState().openManually((own + 1) % PRISONER_COUNT); // ignored while the dialog is open
    expect(store.getState().game.opened).toEqual(Int32Array.of(own));
    store.getState().confirmDialog();
    expect(store.getState().game).toMatchObject({
      prisoner: 1,
      guesses: GUESS_LIMIT,
      guessesLeft: GUESS_LIMIT,
      opened: new Int32Array(0),
      status: 'searching',
    });
  });

  it('the 50th wrong box fails; OK resets to prisoner 1 with reshuffled slips', () => {
    const { slips } = store.getState();
    const wrongBoxes = [...slips.keys()].filter((box) => slips[box] !== 0).slice(0, GUESS_LIMIT);
    for (const box of wrongBoxes) store.getState().openManually(box);
    expect(store.getState().game.guessesLeft).toBe(0);
    expect(store.getState().dialog).toEqual({ kind: 'prisoner-failed', prisoner: 0 });
    expect(store.getState().failedPrisoner).toBe(0);
    // Not studied while the dialog asks what comes next.
    expect(isStudying(store.getState())).toBe(false);
    store.getState().confirmDialog();
    const after = store.getState();
    expect(after.game).toMatchObject({
      prisoner: 0,
      guessesLeft: GUESS_LIMIT,
      opened: new Int32Array(0),
    });
    expect(after.slips).not.toEqual(slips);
    expect(after.failedPrisoner).toBe(0);
  });
});

describe('variants', () => {
  it('a new deal after a failure forgets the helper’s exchange', () => {
    // A seed whose first deal, with the slips of boxes 0 and 1 exchanged, still fails.
    const seed = findSeed(1, (slips) => firstFailingPrisoner(swapSlips(slips, 0, 1)) >= 0);
    start({ seed: String(seed), variant: 'helper' });
    store.getState().pickForSwap(0);
    store.getState().pickForSwap(1);
    expect(store.getState().swap).toEqual([0, 1]);
    store.getState().startAuto();
    store.getState().skipToResult();
    expect(store.getState().dialog?.kind).toBe('prisoner-failed');
    store.getState().confirmDialog();
    const after = store.getState();
    expect(after).toMatchObject({ swap: null, picked: null, helperTurn: true });
    expect(after.slips).toBe(after.dealt);
  });

  it('the secret relabelling is on exactly while the labels are in use', () => {
    start({ seed: String(SEED), variant: 'warden' });
    const { secret, slips } = store.getState();
    expect(store.getState().labels).toBeNull();
    store.getState().toggleRelabelling();
    expect(store.getState().labels).toBe(secret);
    expect(store.getState().slips).toBe(slips);
    store.getState().reset();
    expect(store.getState().labels).toBe(store.getState().secret);
    store.getState().toggleRelabelling();
    expect(store.getState().labels).toBeNull();
  });
});

describe('before the address is read', () => {
  /** The stores' modules evaluated afresh: the state a pre-rendered page starts with. */
  async function freshStores() {
    vi.resetModules();
    return {
      games: (await import('./game-store.ts')).usePrisonerStore,
      views: (await import('./view-settings.ts')).useViewSettings,
      startRun: (await import('./run-actions.ts')).startRun,
    };
  }

  it('holds the specification’s game dealt from generator 0, the same on every pre-rendered page', async () => {
    const { games, views } = await freshStores();
    const first = games.getState();
    expect({ ...first, ...views.getState() }).toMatchObject({
      seed: null,
      variant: 'classic',
      board: { n: 100, k: 50, strategy: 'cycle', kSet: false },
      notices: [],
      arrival: null,
      labels: null,
      secret: null,
      helperTurn: false,
      swap: null,
      picked: null,
      mode: 'manual',
      paused: false,
      run: 0,
      keepPlaying: false,
      tally: { games: 0, wins: 0, losses: 0 },
      dialog: null,
      failedPrisoner: null,
      speed: 800,
      showCycles: false,
      rings: false,
      workerError: null,
      zoom: { scale: 1, x: 0.5, y: 0.5 },
    });
    const slips = dealsOf(0, 100, 1)[0]!.slips;
    expect(first.slips).toEqual(slips);
    expect(first.route).toEqual(slips);
    expect(first.game).toMatchObject({
      prisoner: 0,
      guesses: 50,
      guessesLeft: 50,
      opened: new Int32Array(0),
      status: 'searching',
    });
  });

  it('steps through the slips in its first run', async () => {
    const { games: fresh, startRun: freshStart } = await freshStores();
    freshStart(parseRunAddress({ seed: '12', variant: null, n: '7', k: '3' }));
    fresh.getState().startAuto();
    fresh.getState().pause();
    fresh.getState().step();
    expect(fresh.getState().game.opened).toEqual(Int32Array.of(0));
  });
});

describe('the address', () => {
  it('keeps the lab run the board came from, with the deal it describes', () => {
    const arrival = { seed: 42, trials: 1000, k: 50, method: 'fast' as const, trial: 3 };
    start({ seed: '42', variant: null, arrival });
    expect(state().arrival).toEqual({ ...arrival, deal: dealsOf(42, 100, 1)[0]!.slips });
    start({ seed: '42', variant: null });
    expect(state().arrival).toBeNull();
  });
});

describe('the helper’s turn', () => {
  const helper = () => begin({ seed: 12, variant: 'helper', n: 7, k: 3 });

  it('exchanges the slips of the two boxes picked; picking a box again puts it back', () => {
    helper();
    const { dealt } = state();
    state().pickForSwap(2);
    expect(state().picked).toBe(2);
    state().pickForSwap(2);
    expect(state()).toMatchObject({ picked: null, swap: null });
    expect(state().slips).toBe(dealt);
    state().pickForSwap(2);
    state().pickForSwap(5);
    const exchanged = Int32Array.from(dealt);
    [exchanged[2], exchanged[5]] = [dealt[5]!, dealt[2]!];
    expect(state()).toMatchObject({ picked: null, swap: [2, 5], helperTurn: true });
    expect(state().slips).toEqual(exchanged);
    expect(state().dealt).toBe(dealt);
  });

  it('ends with End of turn or the first box opened; after it nothing is picked or exchanged', () => {
    helper();
    const { slips } = state();
    state().pickForSwap(3);
    state().endHelperTurn();
    expect(state()).toMatchObject({ helperTurn: false, picked: null });
    state().pickForSwap(4);
    state().makeBestSwap();
    expect(state()).toMatchObject({ picked: null, swap: null });
    expect(state().slips).toBe(slips);

    helper();
    state().pickForSwap(3);
    state().openManually(0);
    expect(state()).toMatchObject({ helperTurn: false, picked: null });
  });

  it('has no turn in the classic puzzle', () => {
    begin({ seed: 12, n: 7, k: 3 });
    const { slips } = state();
    state().pickForSwap(1);
    state().makeBestSwap();
    expect(state()).toMatchObject({ helperTurn: false, picked: null, swap: null });
    expect(state().slips).toBe(slips);
  });

  it('Start ends the turn; with no guesses and Keep playing off the loss is reported at once', () => {
    helper();
    state().pickForSwap(2);
    const { run } = state();
    state().startAuto();
    expect(state()).toMatchObject({ mode: 'auto', helperTurn: false, picked: null, run: run + 1 });

    begin({ seed: 12, variant: 'helper', n: 7, k: 0 });
    state().pickForSwap(2);
    const before = state().run;
    state().startAuto();
    expect(state()).toMatchObject({
      mode: 'auto',
      helperTurn: false,
      picked: null,
      dialog: { kind: 'prisoner-failed', prisoner: 0 },
      failedPrisoner: 0,
      // Nothing for the game worker to play.
      run: before,
    });
  });

  it('in a series, a failure line clears as the next game starts, and a won game ends without one', () => {
    // A seed whose first deal fails (n = 7, k = 3) and whose second frees everyone.
    let seed = 1;
    for (; ; seed++) {
      const [first, second] = dealsOf(seed, 7, 2);
      if (firstFailing(first!.slips, 3) >= 0 && firstFailing(second!.slips, 3) === -1) break;
    }
    begin({ seed, n: 7, k: 3 });
    state().setKeepPlaying(true);
    state().startAuto();
    state().skipToResult();
    expect(state()).toMatchObject({
      tally: { games: 1, wins: 0, losses: 1 },
      failedPrisoner: null,
      mode: 'auto',
    });
    // The series stops: the game in play ends as the specification says, freeing everyone.
    state().setKeepPlaying(false);
    state().skipToResult();
    expect(state()).toMatchObject({ dialog: { kind: 'all-succeeded' }, failedPrisoner: null });
  });

  it('in a series, the next deal comes with the best exchange made and a new run', () => {
    begin({ seed: 12, variant: 'helper', n: 7, k: 3 });
    state().setKeepPlaying(true);
    state().startAuto();
    const { run } = state();
    state().skipToResult();
    const [first, second] = dealsOf(12, 7, 2, 'helper');
    // The first game was played on the deal as it came (Start ended the turn without an exchange).
    const failed = firstFailing(first!.slips, 3);
    const swap = halvingExchange(second!.slips)!;
    expect(state()).toMatchObject({
      tally: { games: 1, wins: failed === -1 ? 1 : 0, losses: failed === -1 ? 0 : 1 },
      // The failure line belongs to the game that failed; the next one has begun.
      failedPrisoner: null,
      helperTurn: false,
      picked: null,
      swap,
      run: run + 1,
      mode: 'auto',
      dialog: null,
    });
    expect(state().dealt).toEqual(second!.slips);
    expect(state().slips).toEqual(swapSlips(second!.slips, swap[0], swap[1]));
  });
});

describe('deals made ahead', () => {
  it.each(['classic', 'helper', 'warden'] as const)(
    'leave every deal of a %s run as the seed deals it: Reset, a series, OK after a failure',
    (variant) => {
      const seed = 31;
      const deals = dealsOf(seed, 30, 6, variant).map((deal) => deal.slips);
      begin({ seed, variant, n: 30, k: 15 });
      // Made ahead before every deal, and once more after the generator moved.
      for (const next of deals.slice(1, 3)) {
        state().prepareDeals();
        state().reset();
        state().prepareDeals();
        expect(state().dealt).toEqual(next);
      }
      state().setKeepPlaying(true);
      state().prepareDeals();
      state().startAuto();
      state().prepareDeals();
      state().skipToResult();
      expect(state().dealt).toEqual(deals[3]);
      state().setKeepPlaying(false);
      state().skipToResult();
      state().prepareDeals();
      state().reset();
      expect(state().dealt).toEqual(deals[4]);
    },
  );
});

describe('manual play, more', () => {
  it('a wrong box reports no failure; no box opens during automatic play', () => {
    begin({ seed: 12, n: 7, k: 3 });
    const { slips } = state();
    const [wrong, other] = wrongBoxes(slips, 0);
    state().openManually(wrong!);
    expect(state()).toMatchObject({ failedPrisoner: null, dialog: null });
    expect(state().game).toMatchObject({ guessesLeft: 2, opened: Int32Array.of(wrong!) });
    state().startAuto();
    const game = state().game;
    state().openManually(other!);
    expect(state().game).toBe(game);
  });

  it('OK with no dialog, and Study this arrangement without a failure, change nothing', () => {
    begin({ seed: 12, n: 7, k: 3 });
    const before = state();
    state().confirmDialog();
    studyArrangement();
    expect(state()).toBe(before);
    state().openManually(state().slips.indexOf(0));
    const succeeded = state();
    expect(succeeded.dialog).toEqual({ kind: 'prisoner-succeeded', prisoner: 0 });
    studyArrangement();
    expect(state()).toBe(succeeded);
  });
});

describe('the warden’s relabelling', () => {
  it('is switched in the warden variant during manual play only', () => {
    begin({ seed: 12, n: 7, k: 3 });
    state().openManually(wrongBoxes(state().slips, 0)[0]!);
    const classic = state().game;
    state().toggleRelabelling();
    expect(state().game).toBe(classic);
    expect(state().labels).toBeNull();

    begin({ seed: 12, variant: 'warden', n: 7, k: 3 });
    state().startAuto();
    const auto = state().game;
    state().toggleRelabelling();
    expect(state()).toMatchObject({ labels: null, mode: 'auto' });
    expect(state().game).toBe(auto);
  });

  it('outlives every new deal: Reset, OK after a failure, a series game, Start after a win', () => {
    for (const relabelled of [false, true]) {
      const [first, second] = dealsOf(12, 7, 2, 'warden');
      const expectSecondDeal = () => {
        expect(state().slips).toEqual(second!.slips);
        expect(state().secret).toEqual(second!.secret);
        expect(state().labels).toEqual(relabelled ? second!.secret : null);
      };
      const warden = (k: number) => {
        begin({ seed: 12, variant: 'warden', n: 7, k });
        if (relabelled) state().toggleRelabelling();
        expect(state().labels).toEqual(relabelled ? first!.secret : null);
      };

      warden(3);
      state().reset();
      expectSecondDeal();

      warden(3);
      for (const box of wrongBoxes(first!.slips, 0).slice(0, 3)) state().openManually(box);
      expect(state().dialog).toEqual({ kind: 'prisoner-failed', prisoner: 0 });
      state().confirmDialog();
      expectSecondDeal();

      // Seven guesses for seven boxes: every prisoner finds the slip, however the boxes are read.
      warden(7);
      state().setKeepPlaying(true);
      state().startAuto();
      state().skipToResult();
      expect(state().tally).toEqual({ games: 1, wins: 1, losses: 0 });
      expectSecondDeal();
      state().setKeepPlaying(false);

      warden(7);
      state().startAuto();
      state().skipToResult();
      const won = state();
      expect(won.dialog).toEqual({ kind: 'all-succeeded' });
      state().confirmDialog();
      // OK leaves the won board as it is.
      expect(state()).toMatchObject({ dialog: null, mode: 'auto', slips: won.slips });
      expect(state().game).toBe(won.game);
      state().startAuto();
      expectSecondDeal();
      expect(state()).toMatchObject({ mode: 'auto', run: won.run + 1 });
    }
  });
});
