// Comlink endpoints over Node's worker_threads: the parent's side of a worker thread (a
// WorkerPort for the worker bridge) and the thread's side of its parent port.
import type { MessagePort, Worker } from 'node:worker_threads';
import type { Endpoint } from 'comlink';
import type { WorkerPort } from '../src/features/prisoners/runtime/worker-bridge.ts';

type Listener = EventListenerOrEventListenerObject;

/** Calls a DOM-style listener with an event-like object. */
function deliver(listener: Listener, event: Event): void {
  if (typeof listener === 'function') listener(event);
  else listener.handleEvent(event);
}

/** DOM-style message listeners over a Node emitter of 'message' events. */
function messageEndpoint(port: MessagePort | Worker): Endpoint {
  const wrapped = new WeakMap<Listener, (data: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      port.postMessage(message, transfer as never),
    addEventListener: (type: string, listener: Listener) => {
      if (type !== 'message') return;
      const onMessage = (data: unknown) => deliver(listener, { data } as MessageEvent);
      port.on('message', onMessage);
      wrapped.set(listener, onMessage);
    },
    removeEventListener: (type: string, listener: Listener) => {
      const onMessage = wrapped.get(listener);
      if (type !== 'message' || !onMessage) return;
      port.off('message', onMessage);
      wrapped.delete(listener);
    },
  };
}

/** The worker thread's side: its parent port as a Comlink endpoint. */
export function nodeEndpoint(port: MessagePort): Endpoint {
  return messageEndpoint(port);
}

/**
 * The parent's side of a worker thread, shaped like a Web Worker for the worker bridge: an
 * uncaught error, or an exit with a non-zero code that nobody asked for, is an 'error' event.
 */
export function nodeWorkerPort(worker: Worker): WorkerPort {
  const messages = messageEndpoint(worker);
  const errorListeners = new Set<Listener>();
  let terminated = false;
  const fail = (message: string) => {
    const event = Object.assign(new Event('error', { cancelable: true }), { message });
    for (const listener of errorListeners) deliver(listener, event);
  };
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => {
    if (code !== 0 && !terminated) fail(`exited with code ${code}`);
  });
  return {
    postMessage: messages.postMessage.bind(messages),
    addEventListener(type: string, listener: Listener) {
      if (type === 'error') errorListeners.add(listener);
      else messages.addEventListener(type, listener);
    },
    removeEventListener(type: string, listener: Listener) {
      if (type === 'error') errorListeners.delete(listener);
      else messages.removeEventListener(type, listener);
    },
    terminate() {
      terminated = true;
      void worker.terminate();
    },
  };
}
