/** Whole numbers as the lab and the simulation page read them from fields and the address. */

/** Default guesses: half the prisoners, rounded down. */
export function defaultGuesses(n: number): number {
  return Math.floor(n / 2);
}

const WHOLE_NUMBER = /^\d+(?:\.\d+)?(?:e\d+)?$/i;

/** A whole number written in digits, optionally as 1e6 or 2.5e7; null when malformed. */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim().replace(/[_,\s]/g, '');
  if (!WHOLE_NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}
