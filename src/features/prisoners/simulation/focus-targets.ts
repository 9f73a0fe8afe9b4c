/**
 * Where focus goes when the control that had it leaves the page (a dialog closing, the helper's
 * turn ending): the status bar's first action (Start, or Skip while a run plays), or the board.
 */
export const PRIMARY_ACTION_ID = 'simulation-primary-action';

/** The status bar's second action: Reset while a run is on the board, or New arrangement. */
export const SECOND_ACTION_ID = 'simulation-second-action';

/**
 * Focuses the status bar's first action after React has committed the current update; once a run
 * has ended with everyone free its Skip is disabled, and Reset, the one thing left to do, is next.
 */
export function focusPrimaryAction(): void {
  afterCommit(() => {
    const primary = document.getElementById(PRIMARY_ACTION_ID);
    if (primary?.getAttribute('aria-disabled') !== 'true') return primary;
    return document.getElementById(SECOND_ACTION_ID) ?? primary;
  });
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
