import forms from './form-parts.module.css';

/** The ids of what describes a field: its hint, then its error while it has one. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FieldNotesProps {
  /** The field's id: the notes are `${id}-hint` and `${id}-error`, as `describedBy` names them. */
  id: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  /** Say the error as it appears (role="alert"): for a value that is applied, not just typed. */
  announceError?: boolean | undefined;
}

/** What a field says under it: its hint, and the message when its value cannot be used. */
export function FieldNotes({ id, hint, error, announceError = false }: FieldNotesProps) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className={forms.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={forms.error} role={announceError ? 'alert' : undefined}>
          {error}
        </span>
      )}
    </>
  );
}
