/**
 * The one way the page (or a Node process) talks to a worker: the worker starts lazily on first
 * use, its API is a typed Comlink remote, a crash or an unreadable message is reported once,
 * a worker that falls silent is asked for a proof of life, and cancelling is terminating.
 * Comlink never settles a call pending on a worker that was terminated, so the bridge does: every
 * call still waiting when its worker stops (cancel, crash, silence) rejects with
 * `WorkerStoppedError`, and a call on a stopped worker rejects at once.
 * A call may take an AbortSignal (`withSignal`), as squoosh's worker bridge does: when it fires
 * while the call waits, the worker is terminated and the call rejects with an AbortError; a
 * signal that fired before the call sends nothing, and one that fires after it settled does
 * nothing. Aborting is not a failure: `onFailure` never hears of it.
 * The worker side is `exposeWorkerApi` (expose-worker-api.ts).
 */
import { proxy, wrap, type Endpoint, type Remote } from 'comlink';
import { abortError } from './abort.ts';
import type { ExposedWorker } from './expose-worker-api.ts';

/** A started worker as the bridge needs it: a Web Worker is one; Node threads get an adapter. */
export interface WorkerPort extends Endpoint {
  terminate(): void;
}

export interface WorkerBridgeOptions {
  /** Starts a worker: on first use, and again on the first use after `terminate`. */
  start(): WorkerPort;
  /** How failure messages name the worker, e.g. "The simulation worker" or "Worker 2". */
  name: string;
  /**
   * After this long without a message from the worker, it must answer a proof of life within
   * `answerMs` or it is reported as stopped. Without it, silence is never questioned.
   */
  silenceMs?: number;
  answerMs?: number;
  /** Told once per worker when it crashes, sends an unreadable message or stops answering. */
  onFailure?(message: string): void;
}

/** A call's worker was stopped (terminated, crashed or silent) before the call returned. */
export class WorkerStoppedError extends Error {
  constructor(name: string) {
    super(`${name} was stopped before it answered.`);
    this.name = 'WorkerStoppedError';
  }
}

export interface WorkerBridge<Api> {
  /**
   * The worker's API (its methods); using it starts the worker if none is running. A call
   * rejects with `WorkerStoppedError` when its worker stops before answering.
   */
  readonly api: Remote<Api>;
  /**
   * The API with every call bound to `signal`: when it fires while a call waits, the worker is
   * terminated (every call waiting on it settles) and the call rejects with an AbortError; a call
   * made after it fired rejects so at once, starting no worker.
   */
  withSignal(signal: AbortSignal): Remote<Api>;
  /** True while a worker is running. */
  readonly started: boolean;
  /** A callback for the worker to call; every call counts as a sign of life. */
  callback<Args extends unknown[], Result>(
    handler: (...args: Args) => Result,
  ): (...args: Args) => Result;
  /** Stops the worker at once, dropping whatever it was doing. */
  terminate(): void;
}

const DEFAULT_ANSWER_MS = 1000;

/** A bridge to workers made by `options.start`, one at a time. */
export function createWorkerBridge<Api>(options: WorkerBridgeOptions): WorkerBridge<Api> {
  const answerMs = options.answerMs ?? DEFAULT_ANSWER_MS;
  let current: RunningWorker<Api> | null = null;

  function running(): RunningWorker<Api> {
    if (current) return current;
    const worker: RunningWorker<Api> = startWorker<Api>(options, answerMs, {
      fail(message) {
        stop(worker);
        options.onFailure?.(message);
      },
      abort: () => stop(worker),
    });
    current = worker;
    return worker;
  }

  function stop(worker: RunningWorker<Api>): void {
    if (current === worker) current = null;
    worker.stop();
  }

  return {
    get api() {
      return running().api;
    },
    withSignal(signal) {
      if (signal.aborted) return settledMethods<Api>(() => Promise.reject(abortError()));
      return running().until(signal);
    },
    get started() {
      return current !== null;
    },
    callback(handler) {
      return proxy((...args: Parameters<typeof handler>) => {
        current?.heard();
        return handler(...args);
      });
    },
    terminate() {
      if (current) stop(current);
    },
  };
}

/** The remote of an `ExposedWorker`, spelled out: Comlink cannot map a generic API itself. */
interface RemoteWorker<Api> {
  api: Remote<Api>;
  alive(): Promise<true>;
}

interface RunningWorker<Api> {
  /** The API, its calls settled when the worker stops. */
  api: Remote<Api>;
  /** The API, its calls also ended by `signal`. */
  until(signal: AbortSignal): Remote<Api>;
  heard(): void;
  stop(): void;
}

/** What a running worker tells its bridge: it failed (reported once), or a call aborted it. */
interface WorkerEnds {
  fail(message: string): void;
  abort(): void;
}

type Call = (method: string, args: unknown[]) => Promise<unknown>;

function startWorker<Api>(
  { start, name, silenceMs }: WorkerBridgeOptions,
  answerMs: number,
  ends: WorkerEnds,
): RunningWorker<Api> {
  const port = start();
  const comlinkRemote = wrap<ExposedWorker<Api>>(port) as unknown as RemoteWorker<Api>;
  const target = comlinkRemote.api as unknown as Record<string, (...args: unknown[]) => unknown>;
  let lastHeard = Date.now();
  // Nothing heard yet: an error then is a script that did not load (or threw as it loaded).
  let heardAny = false;
  let asking = false;
  let stopped = false;
  // The calls still waiting for an answer, each to be rejected when the worker stops.
  const pending = new Set<(reason: Error) => void>();
  const settled = <T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    if (stopped) return Promise.reject(new WorkerStoppedError(name));
    return new Promise<T>((resolve, reject) => {
      const settle = (reason: Error) => {
        pending.delete(settle);
        signal?.removeEventListener('abort', onAbort);
        reject(reason);
      };
      // This call's AbortError first; stopping the worker then settles the other calls.
      const onAbort = () => {
        settle(abortError(`${name}: the call was aborted.`));
        ends.abort();
      };
      pending.add(settle);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        call().then(
          (value) => {
            pending.delete(settle);
            signal?.removeEventListener('abort', onAbort);
            resolve(value);
          },
          (error: Error) => settle(error),
        );
      } catch (error) {
        settle(error as Error);
      }
    });
  };
  const callWith =
    (signal?: AbortSignal): Call =>
    (method, args) =>
      settled(() => target[method]!(...args) as Promise<unknown>, signal);
  const remote = {
    api: settledMethods<Api>(callWith()),
    alive: () => settled(() => comlinkRemote.alive()),
  };
  const heard = () => {
    lastHeard = Date.now();
    heardAny = true;
  };
  const report = (message: string) => {
    if (!stopped) ends.fail(message);
  };
  const onError = (event: Event) => {
    // A worker's uncaught error also reaches the page's console unless it is handled here.
    event.preventDefault();
    const detail = (event as ErrorEvent).message;
    if (detail) report(`${name} crashed: ${detail}`);
    else if (!heardAny) report(`${name} could not be started: its script did not load.`);
    else report(`${name} crashed.`);
  };
  const onMessageError = () => report(`${name} sent a message that could not be read.`);
  port.addEventListener('message', heard);
  port.addEventListener('error', onError);
  port.addEventListener('messageerror', onMessageError);

  const watchdog =
    silenceMs === undefined
      ? undefined
      : setInterval(
          () => {
            if (asking || Date.now() - lastHeard < silenceMs) return;
            asking = true;
            const askedAt = Date.now();
            const timeout = new Promise<false>((resolve) =>
              setTimeout(() => resolve(false), answerMs),
            );
            void Promise.race([remote.alive(), timeout])
              .catch(() => false)
              .then((alive) => {
                asking = false;
                // A worker busy in a long call cannot answer, but a callback heard meanwhile
                // (its progress) proves it alive just as well.
                if (alive || lastHeard > askedAt) heard();
                else report(`${name} stopped responding.`);
              });
          },
          Math.max(10, Math.min(500, silenceMs / 4)),
        );

  return {
    api: remote.api,
    until: (signal) => settledMethods<Api>(callWith(signal)),
    heard,
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(watchdog);
      port.removeEventListener('message', heard);
      port.removeEventListener('error', onError);
      port.removeEventListener('messageerror', onMessageError);
      port.terminate();
      const waiting = [...pending];
      pending.clear();
      for (const settle of waiting) settle(new WorkerStoppedError(name));
    },
  };
}

/**
 * The API's methods, each call made by `call`. Only methods are proxied: a property read returns
 * a function, and the object itself is not a promise (no `then`).
 */
function settledMethods<Api>(call: Call): Remote<Api> {
  return new Proxy({} as Remote<Api>, {
    get(_, method) {
      if (method === 'then' || typeof method === 'symbol') return undefined;
      return (...args: unknown[]) => call(method, args);
    },
  });
}
