import { useId, type ReactNode } from 'react';
import { describedBy, FieldNotes } from './form-parts.tsx';
import styles from './choice-group.module.css';

export interface ChoiceOption<Value extends string> {
  value: Value;
  label: string;
  /** Why this option cannot be chosen now: it is disabled, and the group's hint says why. */
  disabledReason?: string | undefined;
}

export interface ChoiceGroupProps<Value extends string> {
  legend: string;
  /** The radios' name: radios group by form and name, so it need not be unique on the page. */
  name: string;
  /** The checked value; one that no option has (an address may name any) checks none. */
  value: string;
  options: readonly ChoiceOption<Value>[];
  onChange(value: NoInfer<Value>): void;
  /** Said under the buttons, after the reasons of the options that are off. */
  hint?: string | undefined;
  /** Why the value cannot be used: the group is marked invalid and described by it. */
  error?: string | null | undefined;
  /**
   * The value can be wrong: the group is a radiogroup, the role that may carry aria-invalid
   * (a plain group may not).
   */
  validated?: boolean | undefined;
  /** Every option off, the group too (a disabled fieldset, left out of the form's data). */
  disabled?: boolean | undefined;
  /** The fieldset's class: the form lays out the group and styles its legend. */
  className?: string | undefined;
  /** The class of the box around the options: a row, a column, pills. */
  optionsClassName?: string | undefined;
  /** Each option's class (its label, the radio inside it); a compact row by default. */
  optionClassName?: string | undefined;
  /** More of the group, after its notes: an explanation of the choice, say. */
  children?: ReactNode;
}

/**
 * One choice of a few, as radio buttons in a fieldset named by its legend: one Tab stop, the
 * arrow keys move the choice. Options that are off say why in the group's hint.
 */
export function ChoiceGroup<Value extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  hint,
  error,
  validated = false,
  disabled = false,
  className,
  optionsClassName,
  optionClassName = styles.choice,
  children,
}: ChoiceGroupProps<Value>) {
  const id = useId();
  const reasons = options.flatMap((option) => option.disabledReason ?? []);
  const notes = [...reasons, hint ?? ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={className}
      role={validated ? 'radiogroup' : undefined}
      aria-invalid={validated && error ? true : undefined}
      aria-describedby={describedBy(id, notes, error)}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      <div className={optionsClassName}>
        {options.map((option) => (
          <label key={option.value} className={optionClassName}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabledReason !== undefined}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} hint={notes} error={error} />
      {children}
    </fieldset>
  );
}
