import { useId } from 'react';
import { describedBy, FieldNotes } from './form-parts.tsx';
import forms from './form-parts.module.css';

export interface WholeNumberFieldProps {
  label: string;
  /** The text as typed: the form parses it, so a value it cannot use stays on screen. */
  value: string;
  onChange(value: string): void;
  /** What the field takes, shown under it and read as its description. */
  hint: string;
  /** Why the value cannot be used: the field is marked invalid and described by it. */
  error?: string | null | undefined;
  /** Applies the typed value on Enter and when focus leaves the field. */
  onCommit?: (() => void) | undefined;
  /** The name it is submitted under. */
  name?: string | undefined;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  /** Say the error as it appears (role="alert"): for a value applied on commit, not as typed. */
  announceError?: boolean | undefined;
  /** The wrapper's class: the form lays out its label, input and notes. */
  className?: string | undefined;
}

/**
 * A labelled text field for a whole number: the numeric keyboard on a phone, no autocomplete or
 * spelling marks, and its hint and error wired to the input.
 */
export function WholeNumberField({
  label,
  value,
  onChange,
  hint,
  error,
  onCommit,
  name,
  placeholder,
  disabled,
  announceError,
  className,
}: WholeNumberFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={forms.input}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onCommit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit?.();
        }}
      />
      <FieldNotes id={id} hint={hint} error={error} announceError={announceError} />
    </div>
  );
}
