import { laterPrisonerStart, nextPrisoner, openBox, type GameState, type Play } from './game.ts';

/**
 * The game reached from `game` when its prisoners go on to open `boxes` in order (a batch of
 * openings played elsewhere, e.g. by the game worker), or null when one of them cannot be opened
 * then. A batch at top speed holds many walks and only the last one is on screen: the walks
 * before it are followed in whole numbers (who walks, how many boxes so far), and only the last
 * walk is stepped through the game, so a batch costs little per box. Opening at random, `play`'s
 * generator draws as the player drew (one draw below n − opened per box), so it stays in step
 * with the player and the next deal (and a replay) comes from the same place.
 */
export function followOpenings(
  game: GameState,
  slips: ArrayLike<number>,
  boxes: ArrayLike<number>,
  play: Play,
): GameState | null {
  const n = slips.length;
  const rng = play.strategy === 'random' ? play.rng : null;
  const first = nextPrisoner(game);
  let prisoner = first.prisoner;
  let walked = first.opened.length;
  let lastStart = 0;
  let lastPrisoner = prisoner;
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i] as number;
    if (walked === 0) [lastStart, lastPrisoner] = [i, prisoner];
    rng?.nextBelow(n - walked);
    walked++;
    if (slips[box] === prisoner) {
      prisoner++;
      walked = 0;
    } else if (walked === game.guesses) break;
  }
  let reached = lastStart === 0 ? first : laterPrisonerStart(first, lastPrisoner);
  for (let i = lastStart; i < boxes.length; i++) {
    const at = nextPrisoner(reached);
    reached = openBox(at, slips, boxes[i] as number);
    if (reached === at) return null;
  }
  return reached;
}
