import { useMemo } from 'react';
import { boardSuccessProbability } from '../engine/exact.ts';
import { wilsonInterval } from '../engine/statistics.ts';
import { arrangementChance } from './arrangement-chance.ts';
import { countOf, formatCount, formatPercent } from './format.ts';
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
 * The helper's arrangement as it stands on the board, followed with the slips: certain to free
 * everyone or to doom the run, whichever exchange (if any) was made.
 */
function HelperArrangement() {
  const { dealt, swap, cycles, board } = usePrisonerFields('dealt', 'swap', 'cycles', 'board');
  const { chance, which, reason } = useMemo(
    () => arrangementChance(dealt, swap, cycles, board.k),
    [dealt, swap, cycles, board.k],
  );
  return (
    <p className={styles.exact}>
      Chance that everyone goes free with this arrangement, {which}:{' '}
      <strong>{formatPercent(chance)}</strong>: {reason}.
    </p>
  );
}

/**
 * Beside the board: the exact probability of the configuration in play and, once games are
 * played one after another (Keep playing), the tally of wins and losses with the win rate's
 * 95% interval next to that probability. With the helper and the slips followed, the
 * arrangement on the board comes first, then the exact chance with the best exchange, each
 * named: the board need not hold the best exchange.
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
  const helped = board.strategy === 'cycle' && variant === 'helper';
  const after =
    board.strategy === 'cycle' && variant === 'warden'
      ? relabelled
        ? ' through the secret relabelling'
        : ' on the warden’s single cycle'
      : '';
  const [low, high] = wilsonInterval(tally.wins, tally.games);
  return (
    <div className={styles.odds}>
      {helped && <HelperArrangement />}
      <p className={styles.exact}>
        {helped
          ? 'Exact chance over every deal, with the helper’s best exchange: '
          : 'Exact chance that everyone goes free: '}
        <strong data-testid="exact-odds">{formatPercent(exact)}</strong> (
        {countOf(board.n, 'prisoner')}, {countOf(board.k, 'guess', 'guesses')} each,{' '}
        {HOW[board.strategy]}
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
