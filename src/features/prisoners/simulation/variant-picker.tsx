import { useSearchParams } from 'react-router-dom';
import { runSearch, type BoardSize } from './address.ts';
import {
  cycleSuccessProbability,
  randomSuccessProbability,
  swapSuccessProbability,
} from '../engine/exact.ts';
import { countOf, formatCount, formatPercent } from './format.ts';
import { usePrisonerStore } from './game-store.ts';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import styles from './variant-picker.module.css';
import { VARIANTS, type Variant } from '../engine/types.ts';

const LABELS: Record<Variant, string> = {
  classic: 'Classic',
  helper: 'Helper swaps two slips',
  warden: 'Warden knows the strategy',
};

/**
 * The helper's variant: two cycles longer than k need at least 2k + 2 boxes, and the best swap
 * halves the longest cycle, which leaves it at most k long only when n ≤ 2k.
 */
export function helperWhy(n: number, k: number): string {
  const [boxes, guesses] = [formatCount(n), formatCount(k)];
  if (n <= 2 * k) {
    return `A cycle longer than ${guesses} can exist only once, because two of them would need more than ${countOf(n, 'box', 'boxes')}. Cutting it in half leaves every cycle at most ${guesses} long, so the best swap frees everyone in every arrangement.`;
  }
  const chance = formatPercent(swapSuccessProbability(n, k));
  if (n === 2 * k + 1) {
    return `A cycle longer than ${guesses} can exist only once, because two of them would need more than ${countOf(n, 'box', 'boxes')}, but a cycle of all ${boxes} boxes stays longer than ${guesses} in either half. So the best swap frees everyone ${chance} of the time.`;
  }
  return `With ${countOf(k, 'guess', 'guesses')} for ${countOf(n, 'box', 'boxes')}, two cycles longer than ${guesses} fit in one arrangement, and a cycle longer than ${formatCount(2 * k)} stays too long in either half. One exchange cuts only the longest cycle, so the best swap frees everyone ${chance} of the time.`;
}

/** Why each variant turns out as it does with n boxes and k guesses: two sentences each. */
function why(variant: Variant, { n, k }: BoardSize): string {
  const classic = formatPercent(cycleSuccessProbability(n, k));
  const [boxes, guesses] = [formatCount(n), formatCount(k)];
  const everyBox = n === 1 ? 'the one box' : `all ${boxes} boxes`;
  switch (variant) {
    case 'classic':
      return `Every arrangement is equally likely, and the prisoners all go free exactly when no cycle is longer than ${guesses}: ${classic} of the time. Following the slips links every prisoner's fate to their cycle.`;
    case 'helper':
      return helperWhy(n, k);
    default:
      return k >= n
        ? `The warden lays the slips out as one cycle through ${everyBox}, but with ${countOf(k, 'guess', 'guesses')} each prisoner can walk all of it. A secret relabelling makes the arrangement the prisoners effectively face uniformly random again, and the ${classic} comes back whatever the warden does.`
        : `The warden lays the slips out as one cycle through ${everyBox}, so every prisoner who follows them fails. A secret relabelling makes the arrangement the prisoners effectively face uniformly random again, and the ${classic} comes back whatever the warden does.`;
  }
}

/** The variant of the puzzle, kept in the address with the seed so that any run can be shared. */
export function VariantPicker() {
  const variant = usePrisonerStore((state) => state.variant);
  const seed = usePrisonerStore((state) => state.seed);
  const board = usePrisonerStore((state) => state.board);
  const [, setSearchParams] = useSearchParams();

  const choose = (next: Variant) => setSearchParams(runSearch({ variant: next, seed, board }));

  return (
    <ChoiceGroup
      className={styles.picker}
      optionsClassName={styles.choices}
      legend="Variant"
      name="variant"
      value={variant}
      options={VARIANTS.map((name) => ({ value: name, label: LABELS[name] }))}
      onChange={choose}
    >
      <p className={styles.why}>
        {why(variant, board)}
        {board.strategy === 'random' && (
          <>
            {' '}
            Opening boxes at random ignores where the slips lead, so every variant frees everyone{' '}
            {formatPercent(randomSuccessProbability(board.n, board.k))} of the time: (k/n)
            <sup>n</sup>.
          </>
        )}
      </p>
    </ChoiceGroup>
  );
}
