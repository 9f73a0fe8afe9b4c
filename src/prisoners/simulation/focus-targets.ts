/**
 * Where focus goes when the control that had it leaves the page (a dialog closing, the helper's
 * turn ending): the status bar's first action (Start, or Skip while a run plays), or the board.
 */
export const PRIMARY_ACTION_ID = 'simulation-primary-action';

/** Focuses the status bar's first action after React has committed the current update. */
export function focusPrimaryAction(): void {
  afterCommit(() => document.getElementById(PRIMARY_ACTION_ID));
}

/** Focuses the board's one tab stop (the box last focused) after the current update. */
export function focusBoard(): void {
  afterCommit(() =>
    document.querySelector<HTMLElement>('[role="group"][aria-label="Boxes"] button[tabindex="0"]'),
  );
}

function afterCommit(find: () => HTMLElement | null): void {
  requestAnimationFrame(() => find()?.focus());
}
