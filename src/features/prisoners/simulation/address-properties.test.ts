// @vitest-environment node
// Hostile addresses: the simulation's and the lab's query readers never throw, and every value
// ends as a valid setting or a notice naming it, whatever the address holds.
import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { hostileQuery, hostileValue } from '../../../testing/hostile-values.ts';
import {
  labArrivalSearch,
  parseBoardParams,
  parseLabArrival,
  parseSeedParam,
  parseVariantParam,
  runSearch,
} from './address.ts';
import {
  N_MAX,
  SETTING_FIELDS,
  TRIALS_MAX,
  draftFromQuery,
  parseSettings,
  queryFromDraft,
} from '../engine/lab-settings.ts';
import { MAX_SEED } from '../engine/rng.ts';
import { METHODS, STRATEGIES, VARIANTS } from '../engine/types.ts';

const LABELS = {
  n: /^Prisoners must /,
  k: /^Guesses must /,
  trials: /^Trials must /,
  strategy: /^Strategy must /,
  method: /^Method must /,
  seed: /^Seed must /,
  device: /^Device must /,
} as const;

const ASCII_WHOLE = /^[0-9]+$/;

describe("the lab's settings from any address", () => {
  test.prop([hostileQuery(SETTING_FIELDS)], { numRuns: 400 })(
    'validate, or name each field that is wrong',
    (query) => {
      const draft = draftFromQuery(query);
      const { settings, errors } = parseSettings(draft);
      const named = Object.keys(errors) as (keyof typeof LABELS)[];
      for (const field of named) expect(errors[field]).toMatch(LABELS[field]);
      if (settings === null) {
        expect(named.length).toBeGreaterThan(0);
        return;
      }
      expect(named).toEqual([]);
      const { n, k, trials, strategy, method, seed } = settings;
      expect(Number.isSafeInteger(n) && n >= 1 && n <= N_MAX).toBe(true);
      expect(Number.isSafeInteger(k) && k >= 0 && k <= n).toBe(true);
      expect(Number.isSafeInteger(trials) && trials >= 1 && trials <= TRIALS_MAX).toBe(true);
      expect(STRATEGIES).toContain(strategy);
      expect(METHODS).toContain(method);
      expect(seed === null || (Number.isSafeInteger(seed) && seed >= 0 && seed <= MAX_SEED)).toBe(
        true,
      );
      // A valid draft survives the address it writes.
      expect(parseSettings(draftFromQuery(queryFromDraft(draft))).settings).toEqual(settings);
    },
  );

  test.prop([fc.constantFrom('n', 'k', 'trials', 'seed'), hostileValue])(
    'accept a number only when it is written in ASCII digits, whole, and in full',
    (field, value) => {
      const params = new URLSearchParams({ n: '100', k: '50', trials: '1000', seed: '1' });
      params.set(field, value);
      const { errors } = parseSettings(draftFromQuery(params));
      const digits = value.replace(/[_,\s]/g, '');
      // Anything after a value's first 40 characters would be cut off unseen; signs (so −0),
      // hexadecimal, other scripts' digits, Infinity and NaN are no whole numbers here.
      if (value.length > 40 || /[^0-9.eE_,\s]/.test(value) || (digits === '' && field !== 'seed')) {
        expect(errors[field as keyof typeof errors]).toMatch(LABELS[field as keyof typeof LABELS]);
      }
      if (ASCII_WHOLE.test(value) && value.length <= 9 && field !== 'k') {
        // Short runs of ASCII digits are in range for n (≥ 1 but ≤ 100000 checked), trials, seed.
        const number = Number(value);
        const inRange =
          field === 'n'
            ? number >= 1 && number <= N_MAX
            : field === 'trials'
              ? number >= 1 && number <= TRIALS_MAX
              : number <= MAX_SEED;
        expect(errors[field as keyof typeof errors] === undefined).toBe(inRange);
      }
    },
  );

  test('cut a 10,000-character value to its field, never to a valid setting', () => {
    const draft = draftFromQuery(`trials=1000${' '.repeat(10_000)}x&n=${'1'.repeat(10_000)}`);
    expect(draft.trials.length).toBeLessThanOrEqual(41);
    expect(draft.n.length).toBeLessThanOrEqual(41);
    expect(Object.keys(parseSettings(draft).errors)).toEqual(['n', 'trials']);
  });

  test('read the first of repeated keys', () => {
    expect(draftFromQuery('n=10&n=abc&k=3&k=4')).toMatchObject({ n: '10', k: '3' });
  });
});

describe("the simulation's seed and variant from any address", () => {
  test.prop([hostileValue], { numRuns: 500 })('a seed, or a notice and a fresh seed', (text) => {
    const { seed, notice } = parseSeedParam(text, () => 42);
    const trimmed = text.trim();
    const valid =
      (/^[0-9]{1,10}$/.test(trimmed) && Number(trimmed) <= MAX_SEED) ||
      /^[0-9a-f]{32}$/i.test(trimmed);
    expect(notice === null).toBe(valid);
    if (valid) {
      expect(seed).toBe(/^[0-9]+$/.test(trimmed) ? Number(trimmed) : trimmed.toLowerCase());
    } else {
      expect(seed).toBe(42);
      // The notice quotes at most 24 characters of what it was given.
      expect(notice!.length).toBeLessThan(250);
    }
  });

  test.prop([hostileValue], { numRuns: 500 })('a variant, or a notice and the classic', (text) => {
    const { variant, notice } = parseVariantParam(text);
    const named = VARIANTS.find((name) => name === text.trim().toLowerCase());
    expect(variant).toBe(named ?? 'classic');
    expect(notice === null).toBe(named !== undefined);
    if (notice) expect(notice.length).toBeLessThan(250);
  });
});

const BOARD_RULES = {
  n: 'Prisoners must be a whole number from 1 to 10,000.',
  k: /^Guesses per prisoner must be a whole number from 0 to [\d,]+, the number of prisoners\. /,
  strategy: 'Strategy must be cycle (Follow the slips) or random (Open at random).',
};

/** Written as the address may write a whole number: plain, padded, grouped, or as 1e3. */
const writtenAs = (value: number): fc.Arbitrary<string> =>
  fc.constantFrom(
    String(value),
    ` ${value}\t`,
    value.toLocaleString('en-US'),
    `${value}.0`,
    ...(value % 1000 === 0 && value > 0 ? [`${value / 1000}e3`] : []),
  );

describe("the simulation's board from any address", () => {
  test.prop([hostileQuery(['n', 'k', 'strategy'])], { numRuns: 400 })(
    'a board in range, and a notice for each value that is not used',
    (query) => {
      const params = new URLSearchParams(query);
      const address = { n: params.get('n'), k: params.get('k'), strategy: params.get('strategy') };
      const { board, notices } = parseBoardParams(address);
      expect(Number.isInteger(board.n) && board.n >= 1 && board.n <= 10_000).toBe(true);
      expect(Number.isInteger(board.k) && board.k >= 0 && board.k <= board.n).toBe(true);
      expect(['cycle', 'random']).toContain(board.strategy);
      // Each notice names its field's rule, in the fields' order, and quotes at most 24 characters.
      const fields = notices.map((notice) =>
        notice.startsWith(BOARD_RULES.n)
          ? 'n'
          : BOARD_RULES.k.test(notice)
            ? 'k'
            : notice.startsWith(BOARD_RULES.strategy)
              ? 'strategy'
              : notice,
      );
      expect(fields).toEqual((['n', 'k', 'strategy'] as const).filter((f) => fields.includes(f)));
      for (const notice of notices) expect(notice.length).toBeLessThan(250);
      // A field without a notice is the address's value, or the default where it names none.
      if (!fields.includes('n') && address.n === null) expect(board.n).toBe(100);
      if (!fields.includes('k')) {
        expect(board.kSet).toBe(address.k !== null);
        if (address.k === null) expect(board.k).toBe(Math.floor(board.n / 2));
      } else expect([board.k, board.kSet]).toEqual([Math.floor(board.n / 2), false]);
      if (fields.includes('n')) expect(board.n).toBe(100);
      if (fields.includes('strategy')) expect(board.strategy).toBe('cycle');
      else if (address.strategy === null) expect(board.strategy).toBe('cycle');
      else expect(board.strategy).toBe(address.strategy.trim().toLowerCase());
    },
  );

  test.prop([
    fc
      .integer({ min: 1, max: 10_000 })
      .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })))
      .chain(([n, k]) => fc.tuple(fc.constant(n), fc.constant(k), writtenAs(n), writtenAs(k))),
    fc.constantFrom('cycle', 'random', ' Random ', 'CYCLE'),
  ])(
    'reads every valid size and strategy exactly, however it is written',
    ([n, k, nText, kText], strategy) => {
      const { board, notices } = parseBoardParams({ n: nText, k: kText, strategy });
      expect(notices).toEqual([]);
      expect(board).toEqual({ n, k, strategy: strategy.trim().toLowerCase(), kSet: true });
      // One guess more than there are boxes is out of range.
      const over = parseBoardParams({ n: nText, k: String(n + 1) });
      expect(over.board).toEqual({ n, k: Math.floor(n / 2), strategy: 'cycle', kSet: false });
      expect(over.notices.length).toBe(1);
      expect(BOARD_RULES.k.test(over.notices[0]!)).toBe(true);
    },
  );

  test.prop([fc.constantFrom('n', 'k', 'strategy'), hostileValue], { numRuns: 600 })(
    'a hostile value in one field: that value exactly when valid, else its notice and default',
    (field, value) => {
      const address = { n: '300', k: '120', strategy: 'random', [field]: value };
      const { board, notices } = parseBoardParams(address);
      const trimmed = value.trim();
      // Plain ASCII digits in range are read; any character a number or a name never holds,
      // and any number out of range, is a notice.
      const digits = /^[0-9]{1,6}$/.test(trimmed) ? Number(trimmed) : null;
      const foreign = /[^0-9.eE_,\s]/.test(value);
      const expected = { n: 300, k: 120, strategy: 'random', kSet: true };
      if (field === 'strategy') {
        const name = ['cycle', 'random'].find((s) => s === trimmed.toLowerCase());
        expect(board).toEqual({ ...expected, strategy: name ?? 'cycle' });
        expect(notices.length).toBe(name ? 0 : 1);
        if (!name) expect(notices[0]!.startsWith(BOARD_RULES.strategy)).toBe(true);
        return;
      }
      if (field === 'n') {
        if (digits !== null && digits >= 1 && digits <= 10_000) {
          // k = 120 stays when n allows it.
          expect(board.n).toBe(digits);
          expect(notices.filter((notice) => notice.startsWith(BOARD_RULES.n))).toEqual([]);
        } else if (foreign || digits !== null || trimmed === '') {
          expect(board.n).toBe(100);
          expect(notices[0]!.startsWith(BOARD_RULES.n)).toBe(true);
          // k = 120 is more than the 100 prisoners left: its own notice follows.
          expect(notices.length).toBe(2);
          expect(board.k).toBe(50);
        }
        return;
      }
      if (digits !== null && digits <= 300) {
        expect([board, notices]).toEqual([{ ...expected, k: digits }, []]);
      } else if (foreign || digits !== null || trimmed === '') {
        expect(board).toEqual({ ...expected, k: 150, kSet: false });
        expect(notices.length).toBe(1);
        expect(BOARD_RULES.k.test(notices[0]!)).toBe(true);
      }
    },
  );

  test.prop([
    fc.record({
      n: fc.integer({ min: 1, max: 10_000 }),
      strategy: fc.constantFrom('cycle' as const, 'random' as const),
      kSet: fc.boolean(),
      k: fc.nat(),
    }),
  ])('reads back the query a run writes', (drawn) => {
    const board = { ...drawn, k: drawn.kSet ? drawn.k % (drawn.n + 1) : Math.floor(drawn.n / 2) };
    const params = new URLSearchParams(runSearch({ variant: 'classic', seed: null, board }));
    const read = parseBoardParams({
      n: params.get('n'),
      k: params.get('k'),
      strategy: params.get('strategy'),
    });
    expect(read).toEqual({ board, notices: [] });
  });
});

const LAB_KEYS = ['lab-seed', 'lab-trials', 'lab-k', 'lab-method', 'lab-trial'];

/** A whole number as the lab writes it: ASCII digits, at most ten of them. */
const isLabNumber = (text: string | null | undefined): text is string =>
  typeof text === 'string' &&
  text.length >= 1 &&
  text.length <= 10 &&
  [...text].every((c) => c >= '0' && c <= '9');

/** Lab keys with values near the valid ones (digit runs of every length, methods), or hostile. */
const labQuery = fc.oneof(
  hostileQuery(LAB_KEYS),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...LAB_KEYS),
        fc.oneof(
          fc.stringMatching(/^[0-9]{1,12}$/),
          fc.integer({ min: 0, max: 200 }).map(String),
          fc.constantFrom('fast', 'literal', 'FAST', ' fast', 'fast '),
          hostileValue,
        ),
      ),
      { maxLength: 10 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
);

describe('the lab run a simulation was opened from, from any address', () => {
  test.prop([labQuery], { numRuns: 1000 })(
    'the run it names when its seed and trials are whole numbers, else none; never a throw',
    (query) => {
      const params = new URLSearchParams(query);
      const arrival = parseLabArrival(params);
      const [seed, trials, k, method, trial] = LAB_KEYS.map((key) => params.get(key));
      if (!isLabNumber(seed) || !isLabNumber(trials)) {
        expect(arrival).toBeNull();
        return;
      }
      expect(arrival).toEqual({
        seed: Number(seed),
        trials: Number(trials),
        k: isLabNumber(k) && Number(k) <= 100 ? Number(k) : 50,
        method: method === 'fast' ? 'fast' : 'literal',
        trial: isLabNumber(trial) ? Number(trial) : null,
      });
      // What the page writes for it reads back the same.
      expect(parseLabArrival(new URLSearchParams(labArrivalSearch(arrival!)))).toEqual(arrival);
    },
  );

  test.prop([
    fc.record({
      seed: fc.integer({ min: 0, max: 9_999_999_999 }),
      trials: fc.integer({ min: 0, max: 9_999_999_999 }),
      k: fc.integer({ min: 0, max: 100 }),
      method: fc.constantFrom('literal' as const, 'fast' as const),
      trial: fc.option(fc.integer({ min: 0, max: 9_999_999_999 })),
    }),
    hostileQuery(LAB_KEYS),
  ])(
    'the first of repeated keys: a valid run before hostile repeats reads exactly',
    (run, rest) => {
      const query = `${labArrivalSearch(run)}&${rest}`;
      const params = new URLSearchParams(query);
      // A hostile `lab-trial` after a run that names none is the run's own trial.
      const trial =
        run.trial ??
        (isLabNumber(params.get('lab-trial')) ? Number(params.get('lab-trial')) : null);
      expect(parseLabArrival(params)).toEqual({ ...run, trial });
    },
  );
});
