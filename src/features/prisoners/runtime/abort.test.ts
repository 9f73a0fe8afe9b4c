// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { abortable, abortError, isAbortError } from './abort.ts';

/** How a promise has settled once the microtasks queued so far have run. */
async function settledAs(promise: Promise<unknown>): Promise<unknown> {
  let outcome: unknown = 'pending';
  promise.then(
    (value) => (outcome = { resolved: value }),
    (error: Error) => (outcome = { rejected: `${error.name}: ${error.message}` }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return outcome;
}

describe('abortable waits', () => {
  it('rejects with an AbortError at once for a signal that fired before', async () => {
    expect(await settledAs(abortable(Promise.resolve(1), AbortSignal.abort()))).toEqual({
      rejected: 'AbortError: The call was aborted.',
    });
  });

  it('rejects with an AbortError when the signal fires while it waits', async () => {
    const controller = new AbortController();
    let answer = (_: number) => {};
    const wait = abortable(new Promise<number>((resolve) => (answer = resolve)), controller.signal);
    expect(await settledAs(wait)).toBe('pending');
    controller.abort();
    answer(5);
    expect(await settledAs(wait)).toEqual({ rejected: 'AbortError: The call was aborted.' });
  });

  it('settles as the promise does when the signal stays quiet, or fires after', async () => {
    const controller = new AbortController();
    const wait = abortable(Promise.resolve(7), controller.signal);
    expect(await settledAs(wait)).toEqual({ resolved: 7 });
    controller.abort();
    expect(await settledAs(wait)).toEqual({ resolved: 7 });
    const failing = abortable(
      Promise.reject(new Error('No adapter.')),
      new AbortController().signal,
    );
    expect(await settledAs(failing)).toEqual({ rejected: 'Error: No adapter.' });
  });

  it('tells an abort from a failure', () => {
    expect(isAbortError(abortError())).toBe(true);
    expect(isAbortError(AbortSignal.abort().reason)).toBe(true);
    expect(isAbortError(new Error('AbortError'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(abortError('Stopped.')).toMatchObject({ name: 'AbortError', message: 'Stopped.' });
  });
});
