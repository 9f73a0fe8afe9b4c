/**
 * Cancelling through an AbortSignal, as `fetch` does: whatever waits on a signal that fires
 * rejects with a DOMException named "AbortError", which callers tell apart from a failure.
 */

/** The error a call rejects with when its signal fires. */
export function abortError(message = 'The call was aborted.'): DOMException {
  return new DOMException(message, 'AbortError');
}

/** True for the rejection of an aborted call (an AbortError from any source). */
export function isAbortError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/**
 * `promise`, or an AbortError as soon as `signal` fires (at once when it has fired already).
 * Abandoning the wait stops nothing: what `promise` stands for goes on, unheard.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.finally(() => signal.removeEventListener('abort', onAbort)).then(resolve, reject);
  });
}
