import { useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import {
  N_MAX,
  TRIALS_MAX,
  type SettingField,
  type SettingsDraft,
  type SettingsErrors,
} from '../engine/lab-settings.ts';
import type { GpuAvailability } from './device-choice.ts';
import buttons from '../../../components/buttons.module.css';
import { formatCount } from '../simulation/format.ts';
import { describedBy, FieldNotes } from '../../../components/form-parts.tsx';
import forms from '../../../components/form-parts.module.css';
import { WholeNumberField } from '../../../components/whole-number-field.tsx';
import { DeviceField } from './device-field.tsx';
import styles from './settings-form.module.css';
import { STRATEGIES, type Strategy } from '../engine/types.ts';

interface Choice {
  value: string;
  label: string;
}

interface FieldSpec {
  field: SettingField;
  label: string;
  hint: string;
}

interface NumberSpec extends FieldSpec {
  field: 'n' | 'k' | 'trials' | 'seed';
  placeholder?: string;
}

interface SelectSpec extends FieldSpec {
  field: 'strategy' | 'method';
  choices: readonly Choice[];
}

const STRATEGY_LABELS: Record<Strategy, string> = {
  cycle: 'cycle: follow the slips',
  random: 'random: k random boxes',
  swap: 'swap: best swap, then cycles',
};

/** The settings typed or picked in a field of their own, in the order they show. */
const FIELDS: readonly (NumberSpec | SelectSpec)[] = [
  { field: 'n', label: 'Prisoners (n)', hint: `1 to ${formatCount(N_MAX)}` },
  {
    field: 'k',
    label: 'Guesses per prisoner (k)',
    hint: '0 to n; half of n is the classic puzzle',
  },
  { field: 'trials', label: 'Trials', hint: `1 to ${formatCount(TRIALS_MAX)}; 1e7 works too` },
  {
    field: 'strategy',
    label: 'Strategy',
    hint: 'Follow the slips, open boxes at random, or follow them after the helper’s best swap',
    choices: STRATEGIES.map((value) => ({ value, label: STRATEGY_LABELS[value] })),
  },
  {
    field: 'method',
    label: 'Method',
    hint: 'How each trial is simulated',
    choices: [
      { value: 'literal', label: 'literal: shuffle every box' },
      { value: 'fast', label: 'fast: sample the cycles' },
    ],
  },
  { field: 'seed', label: 'Seed', hint: 'Blank for a fresh random seed', placeholder: 'random' },
];

const METHOD_NOTES: Record<string, string> = {
  literal:
    'shuffles the slips into the boxes for every trial, exactly as the simulation does, and follows them from box to box: the puzzle itself, millions of times over.',
  fast: 'never builds the boxes: it draws the cycle lengths directly (the cycle through the lowest remaining box has a length uniform from 1 to the number of boxes left), which gives exactly the same distribution of outcomes at a fraction of the cost.',
};

interface SettingSelectProps extends SelectSpec {
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(field: SettingField, value: string): void;
}

/** A setting with a fixed set of values: a label, a select, its hint and its error. */
function SettingSelect({
  field,
  label,
  hint,
  choices,
  value,
  error,
  disabled,
  onChange,
}: SettingSelectProps) {
  const id = useId();
  // A value from the address that is not offered shows as an empty choice, with its error.
  const known = choices.some((choice) => choice.value === value);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={forms.input}
        name={field}
        value={known ? value : ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(field, event.target.value)}
      >
        {!known && (
          <option value="" disabled>
            Choose…
          </option>
        )}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * Run and Cancel hand focus to each other: Run disables itself as a run starts, and Cancel as it
 * ends, and a disabled button drops its focus to the page's body, where the next Tab starts over
 * from the top of the page. So focus on the button being disabled (or already dropped to the
 * body, as when Retry goes away with its alert) moves to the other one, without scrolling: the
 * two sit side by side.
 */
function useRunFocus(running: boolean) {
  const run = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const wasRunning = useRef(running);
  useLayoutEffect(() => {
    if (wasRunning.current === running) return;
    wasRunning.current = running;
    const [from, to] = running ? [run.current, cancel.current] : [cancel.current, run.current];
    const focused = document.activeElement;
    if (focused === from || focused === null || focused === document.body) {
      to?.focus({ preventScroll: true });
    }
  }, [running]);
  return { run, cancel };
}

interface SettingsFormProps {
  draft: SettingsDraft;
  errors: SettingsErrors;
  valid: boolean;
  running: boolean;
  gpu: GpuAvailability;
  onChange(field: SettingField, value: string): void;
  onRun(): void;
  onCancel(): void;
}

/** The lab's settings, Run and Cancel. */
export function SettingsForm({
  draft,
  errors,
  valid,
  running,
  gpu,
  onChange,
  onRun,
  onCancel,
}: SettingsFormProps) {
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (valid && !running) onRun();
  };
  const { run, cancel } = useRunFocus(running);
  const note = METHOD_NOTES[draft.method];
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.fields}>
        {FIELDS.map((spec) =>
          'choices' in spec ? (
            <SettingSelect
              key={spec.field}
              {...spec}
              value={draft[spec.field]}
              error={errors[spec.field]}
              disabled={running}
              onChange={onChange}
            />
          ) : (
            <WholeNumberField
              key={spec.field}
              className={styles.field}
              name={spec.field}
              label={spec.label}
              hint={spec.hint}
              placeholder={spec.placeholder}
              value={draft[spec.field]}
              error={errors[spec.field]}
              disabled={running}
              onChange={(value) => onChange(spec.field, value)}
            />
          ),
        )}
        <DeviceField
          className={`${styles.field} ${styles.device}`}
          optionsClassName={styles.radios}
          optionClassName={styles.radio}
          asked={draft.device}
          gpu={gpu}
          error={errors.device}
          disabled={running}
          onChange={(device) => onChange('device', device)}
        />
      </div>
      {note && (
        <p className={styles.methodNote}>
          <strong>{draft.method}</strong> {note}
        </p>
      )}
      <div className={styles.actions}>
        <button ref={run} type="submit" className={buttons.primary} disabled={!valid || running}>
          Run
        </button>
        <button
          ref={cancel}
          type="button"
          className={buttons.secondary}
          onClick={onCancel}
          disabled={!running}
        >
          Cancel
        </button>
        {!valid && (
          <span className={styles.status} role="status">
            Fix the highlighted settings to run.
          </span>
        )}
      </div>
    </form>
  );
}
