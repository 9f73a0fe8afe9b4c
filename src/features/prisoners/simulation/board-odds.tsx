import { useMemo } from 'react';
import { boardSuccessProbability } from '../engine/exact.ts';
import { wilsonInterval } from '../engine/statistics.ts';
import { formatCount, formatPercent } from './format.ts';
import { usePrisonerFields, usePrisonerStore } from './game-store.ts';
import styles from './board-odds.module.css';

/** The exact chance that everyone goes free with the board's size, strategy and variant. */
function useExactOdds(): number {
  const { board, variant } = usePrisonerFields('board', 'variant');
  const relabelled = usePrisonerStore((state) => state.labels !== null);
  const { n, k, strategy } = board;
  return useMemo(
    () => boardSuccessProbability({ n, k, strategy, variant, relabelled }),
    [n, k, strategy, variant, relabelled],
  );
}

const HOW: Record<string, string> = {
  cycle: 'following the slips',
  random: 'opening boxes at random',
};

/**
 * Beside the board: the exact probability of the configuration in play and, once games are
 * played one after another (Keep playing), the tally of wins and losses with the win rate's
 * 95% interval next to that probability.
 */
export function BoardOdds() {
  const exact = useExactOdds();
  const { board, variant, keepPlaying, tally } = usePrisonerFields(
    'board',
    'variant',
    'keepPlaying',
    'tally',
  );
  const relabelled = usePrisonerStore((state) => state.labels !== null);
  const after =
    board.strategy === 'cycle' && variant === 'helper'
      ? ' after the helper’s best exchange'
      : board.strategy === 'cycle' && variant === 'warden'
        ? relabelled
          ? ' through the secret relabelling'
          : ' on the warden’s single cycle'
        : '';
  const [low, high] = wilsonInterval(tally.wins, tally.games);
  return (
    <div className={styles.odds}>
      <p className={styles.exact}>
        Exact chance that everyone goes free:{' '}
        <strong data-testid="exact-odds">{formatPercent(exact)}</strong> ({formatCount(board.n)}{' '}
        prisoners, {formatCount(board.k)} guesses each, {HOW[board.strategy]}
        {after}).
      </p>
      {(keepPlaying || tally.games > 0) && (
        <section className={styles.tally} aria-label="Tally">
          <dl>
            <div>
              <dt>Games</dt>
              <dd>{formatCount(tally.games)}</dd>
            </div>
            <div>
              <dt>Wins</dt>
              <dd>{formatCount(tally.wins)}</dd>
            </div>
            <div>
              <dt>Losses</dt>
              <dd>{formatCount(tally.losses)}</dd>
            </div>
            <div>
              <dt>Win rate</dt>
              <dd>
                {tally.games === 0 ? (
                  '–'
                ) : (
                  <>
                    {formatPercent(tally.wins / tally.games)}{' '}
                    <span className={styles.interval}>
                      (95% interval {formatPercent(low)} to {formatPercent(high)})
                    </span>
                  </>
                )}
              </dd>
            </div>
            <div>
              <dt>Exact</dt>
              <dd>{formatPercent(exact)}</dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  );
}
