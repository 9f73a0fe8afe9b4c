import { usePrisonerFields, usePrisonerStore } from './game-store.ts';
import buttons from '../../../components/buttons.module.css';
import { focusPrimaryAction } from './focus-targets.ts';
import styles from './helper-turn.module.css';

/** The helper's turn: pick two boxes to exchange their slips, or take the best swap. */
export function HelperTurn() {
  const { helperTurn, picked, swap } = usePrisonerFields('helperTurn', 'picked', 'swap');
  const longest = usePrisonerStore((state) => state.cycles.cycles[0]?.boxes.length ?? 0);
  const makeBestSwap = usePrisonerStore((state) => state.makeBestSwap);
  const endHelperTurn = usePrisonerStore((state) => state.endHelperTurn);
  if (!helperTurn) return null;

  let status = 'Every slip is visible. Pick two boxes to exchange their slips.';
  if (picked !== null)
    status = `Box ${picked + 1} picked: choose the box to exchange its slip with.`;
  else if (swap) {
    status = `The slips of boxes ${swap[0] + 1} and ${swap[1] + 1} are exchanged; the longest cycle now has ${longest} boxes. Pick two other boxes to exchange those instead.`;
  }

  return (
    <section className={styles.turn} aria-labelledby="helper-heading">
      <h2 id="helper-heading">The helper&apos;s turn</h2>
      <p role="status">{status}</p>
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={makeBestSwap}>
          Best swap
        </button>
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => {
            endHelperTurn();
            // This panel goes away with the turn: Start is what comes next.
            focusPrimaryAction();
          }}
        >
          Let the prisoners in
        </button>
      </div>
    </section>
  );
}
