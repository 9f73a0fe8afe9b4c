import { useSearchParams } from 'react-router-dom';
import { GUESS_LIMIT, PRISONER_COUNT } from '../engine/constants.ts';
import { VARIANTS, type Variant } from '../engine/variants.ts';
import { runSearch } from '../address-params.ts';
import { CYCLE_SUCCESS } from '../format.ts';
import { usePrisonerStore } from '../store.ts';
import styles from './variant-picker.module.css';

const LABELS: Record<Variant, string> = {
  classic: 'Classic',
  helper: 'Helper swaps two slips',
  warden: 'Warden knows the strategy',
};

/** Why each variant turns out as it does: two sentences each. */
const WHY: Record<Variant, string> = {
  classic: `Every arrangement is equally likely, and the prisoners all go free exactly when no cycle is longer than ${GUESS_LIMIT}: ${CYCLE_SUCCESS} of the time. Following the slips links every prisoner's fate to their cycle.`,
  helper: `A cycle longer than ${GUESS_LIMIT} can exist only once, because two of them would need more than ${PRISONER_COUNT} boxes. Cutting it in half leaves every cycle at most ${GUESS_LIMIT} long, so the best swap frees everyone in every arrangement.`,
  warden: `The warden lays the slips out as one cycle through all ${PRISONER_COUNT} boxes, so every prisoner who follows them fails. A secret relabelling makes the arrangement the prisoners effectively face uniformly random again, and the ${CYCLE_SUCCESS} comes back whatever the warden does.`,
};

/** The variant of the puzzle, kept in the address with the seed so that any run can be shared. */
export function VariantPicker() {
  const variant = usePrisonerStore((state) => state.variant);
  const seed = usePrisonerStore((state) => state.seed);
  const [, setSearchParams] = useSearchParams();

  const choose = (next: Variant) => setSearchParams(runSearch({ variant: next, seed }));

  return (
    <fieldset className={styles.picker}>
      <legend>Variant</legend>
      <div className={styles.choices}>
        {VARIANTS.map((name) => (
          <label key={name} className={styles.choice}>
            <input
              type="radio"
              name="variant"
              value={name}
              checked={variant === name}
              onChange={() => choose(name)}
            />
            {LABELS[name]}
          </label>
        ))}
      </div>
      <p className={styles.why}>{WHY[variant]}</p>
    </fieldset>
  );
}
