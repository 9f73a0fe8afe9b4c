import { useId, type FormEvent } from 'react';
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
import forms from '../../../components/form-parts.module.css';
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
  placeholder?: string;
  /** A fixed set of values: a select instead of a text field. */
  choices?: readonly Choice[];
}

const STRATEGY_LABELS: Record<Strategy, string> = {
  cycle: 'cycle: follow the slips',
  random: 'random: k random boxes',
  swap: 'swap: best swap, then cycles',
};

/** The settings typed or picked in a field of their own; the device is a pair of radio buttons. */
const FIELDS: readonly FieldSpec[] = [
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

interface SettingFieldProps extends FieldSpec {
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(field: SettingField, value: string): void;
}

/** One setting: a label, a text field or a select, its hint and its error. */
function SettingInput({
  field,
  label,
  hint,
  placeholder,
  choices,
  value,
  error,
  disabled,
  onChange,
}: SettingFieldProps) {
  const id = useId();
  const common = {
    id,
    name: field,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-hint${error ? ` ${id}-error` : ''}`,
    disabled,
  };
  const known = choices?.some((choice) => choice.value === value) ?? false;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {choices ? (
        <select
          {...common}
          value={known ? value : ''}
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
      ) : (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
      <span id={`${id}-hint`} className={forms.hint}>
        {hint}
      </span>
      {error && (
        <span id={`${id}-error`} className={forms.error}>
          {error}
        </span>
      )}
    </div>
  );
}

/** What the Device choice says under its buttons: why the GPU is off, or how the choice is made. */
function deviceHint(gpu: GpuAvailability, device: string): string {
  if (gpu.state === 'missing') {
    return `GPU unavailable: ${gpu.reason}${device === 'gpu' ? ' Runs use the CPU workers.' : ''}`;
  }
  if (gpu.state === 'checking') return 'Checking for WebGPU…';
  if (device === 'gpu') return 'Runs in a worker on the GPU, in dispatches of a few milliseconds';
  if (device === 'cpu') return 'Runs in workers on every core but one';
  return 'Neither chosen: the first run measures both and uses the faster';
}

interface DeviceChoiceProps {
  value: string;
  error: string | undefined;
  gpu: GpuAvailability;
  disabled: boolean;
  onChange(field: SettingField, value: string): void;
}

/** The device: two radio buttons, the GPU one off (with the reason) where WebGPU is missing. */
function DeviceChoice({ value, error, gpu, disabled, onChange }: DeviceChoiceProps) {
  const id = useId();
  const options = [
    { value: 'gpu', label: 'GPU (WebGPU)', off: gpu.state !== 'available' },
    { value: 'cpu', label: 'CPU workers', off: false },
  ];
  return (
    <fieldset
      className={`${styles.field} ${styles.device}`}
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend>Device</legend>
      <div className={styles.radios}>
        {options.map((option) => (
          <label key={option.value} className={styles.radio}>
            <input
              type="radio"
              name="device"
              value={option.value}
              checked={value === option.value}
              disabled={disabled || option.off}
              onChange={() => onChange('device', option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <span id={`${id}-hint`} className={forms.hint}>
        {deviceHint(gpu, value)}
      </span>
      {error && (
        <span id={`${id}-error`} className={forms.error}>
          {error}
        </span>
      )}
    </fieldset>
  );
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
  const note = METHOD_NOTES[draft.method];
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.fields}>
        {FIELDS.map((spec) => (
          <SettingInput
            key={spec.field}
            {...spec}
            value={draft[spec.field]}
            error={errors[spec.field]}
            disabled={running}
            onChange={onChange}
          />
        ))}
        <DeviceChoice
          value={draft.device}
          error={errors.device}
          gpu={gpu}
          disabled={running}
          onChange={onChange}
        />
      </div>
      {note && (
        <p className={styles.methodNote}>
          <strong>{draft.method}</strong> {note}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttons.primary} disabled={!valid || running}>
          Run
        </button>
        <button type="button" className={buttons.secondary} onClick={onCancel} disabled={!running}>
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
