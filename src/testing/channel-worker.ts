import { exposeWorkerApi } from '../features/prisoners/runtime/expose-worker-api.ts';
import type { Endpoint } from 'comlink';
import type { WorkerPort } from '../features/prisoners/runtime/worker-bridge.ts';

const opened: MessagePort[] = [];

/**
 * `api` on the far side of a MessageChannel: a worker without the thread. With `null`, nothing
 * is exposed: a worker that takes every message and never answers.
 */
export function channelWorker(api: unknown): WorkerPort {
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  if (api !== null) exposeWorkerApi(api, port2);
  return Object.assign(port1, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  }) as unknown as WorkerPort;
}

/** Closes every channel opened so far (for afterEach), so none keeps the test process alive. */
export function closeChannelWorkers(): void {
  for (const port of opened.splice(0)) port.close();
}

/**
 * `port` as an endpoint whose 'message' listeners hear a message only when `receive` delivers it
 * (later, twice, never): a test's control over when the page side hears a worker.
 */
export function interceptedEndpoint(
  port: Endpoint,
  receive: (event: MessageEvent, deliver: (event: MessageEvent) => void) => void,
): Endpoint {
  const listeners = new Set<EventListenerOrEventListenerObject>();
  const deliver = (event: MessageEvent) => {
    for (const listener of listeners) {
      if (typeof listener === 'function') listener(event);
      else listener.handleEvent(event);
    }
  };
  port.addEventListener('message', (event) => receive(event as MessageEvent, deliver));
  port.start?.();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      port.postMessage(message, transfer),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type === 'message') listeners.add(listener);
      else port.addEventListener(type, listener);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      if (type === 'message') listeners.delete(listener);
      else port.removeEventListener(type, listener);
    },
  };
}
