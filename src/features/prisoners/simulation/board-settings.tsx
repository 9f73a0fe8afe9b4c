import { formatCount } from './format.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SIMULATION_PRISONERS_MAX, SIMULATION_PRISONERS_MIN } from '../engine/constants.ts';
import { defaultGuesses } from '../engine/whole-numbers.ts';
import {
  guessesRule,
  parseGuesses,
  parsePrisoners,
  PRISONERS_RULE,
  runSearch,
  STRATEGY_LABELS,
  type BoardSize,
} from './address.ts';
import { usePrisonerFields } from './game-store.ts';
import type { Seed } from '../engine/rng.ts';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import styles from './board-settings.module.css';
import { GAME_STRATEGIES, type GameStrategy, type Variant } from '../engine/types.ts';

/** Said after a field's rule: a value that cannot be used changes nothing. */
const BOARD_STAYS = 'The game on the board stays as it is.';

/**
 * How many prisoners, how many guesses each, and how they choose: kept in the address with the
 * seed and the variant, so every game can be shared and replayed. A value that cannot be used
 * is named with its range, and the game on the board stays.
 */
export function BoardSettings() {
  const { board, variant, seed } = usePrisonerFields('board', 'variant', 'seed');
  // A new game (from these fields or the address) shows its own values, with no notice.
  const key = `${board.n}/${board.k}/${board.kSet}/${board.strategy}`;
  return <BoardFields key={key} board={board} variant={variant} seed={seed} />;
}

function BoardFields({
  board,
  variant,
  seed,
}: {
  board: BoardSize;
  variant: Variant;
  seed: Seed | null;
}) {
  const [, setSearchParams] = useSearchParams();
  const [nText, setNText] = useState(String(board.n));
  const [kText, setKText] = useState(String(board.k));
  const [errors, setErrors] = useState<{ n: string | null; k: string | null }>({
    n: null,
    k: null,
  });

  const go = (next: BoardSize) => {
    const search = runSearch({ variant, seed, board: next });
    if (search !== runSearch({ variant, seed, board })) setSearchParams(search);
  };

  const commitN = () => {
    const n = parsePrisoners(nText);
    setErrors((previous) => ({ ...previous, n: n === null ? PRISONERS_RULE : null }));
    // k follows ⌊n/2⌋ until the visitor names it; a named k stays, within the new n.
    if (n !== null) go({ ...board, n, k: board.kSet ? Math.min(board.k, n) : defaultGuesses(n) });
  };

  const commitK = () => {
    if (kText.trim() === String(board.k)) {
      setErrors((previous) => ({ ...previous, k: null }));
      return;
    }
    const k = parseGuesses(kText, board.n);
    setErrors((previous) => ({ ...previous, k: k === null ? guessesRule(board.n) : null }));
    if (k !== null) go({ ...board, k, kSet: true });
  };

  const chooseStrategy = (strategy: GameStrategy) => go({ ...board, strategy });

  return (
    <div className={styles.settings}>
      <div className={styles.fields}>
        <WholeNumberField
          className={styles.field}
          label="Prisoners"
          value={nText}
          hint={`${SIMULATION_PRISONERS_MIN} to ${formatCount(SIMULATION_PRISONERS_MAX)}`}
          error={errors.n && `${errors.n} ${BOARD_STAYS}`}
          announceError
          onChange={setNText}
          onCommit={commitN}
        />
        <WholeNumberField
          className={styles.field}
          label="Guesses per prisoner"
          value={kText}
          hint={`0 to ${formatCount(board.n)}${board.kSet ? '' : ', half by default'}`}
          error={errors.k && `${errors.k} ${BOARD_STAYS}`}
          announceError
          onChange={setKText}
          onCommit={commitK}
        />
      </div>
      <ChoiceGroup
        className={styles.strategy}
        optionsClassName={styles.strategies}
        legend="Strategy"
        name="strategy"
        value={board.strategy}
        options={GAME_STRATEGIES.map((name) => ({ value: name, label: STRATEGY_LABELS[name] }))}
        onChange={chooseStrategy}
      />
    </div>
  );
}
