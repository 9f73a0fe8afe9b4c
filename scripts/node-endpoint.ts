// Comlink endpoint over a Node MessagePort or Worker (the shape of comlink's node adapter, typed).
import type { MessagePort, Worker } from 'node:worker_threads';
import type { Endpoint } from 'comlink';

type Listener = EventListenerOrEventListenerObject;

export function nodeEndpoint(port: MessagePort | Worker): Endpoint {
  const wrapped = new WeakMap<Listener, (data: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      port.postMessage(message, transfer as never),
    addEventListener: (_type: string, listener: Listener) => {
      const onMessage = (data: unknown): void => {
        const event = { data } as MessageEvent;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      port.on('message', onMessage);
      wrapped.set(listener, onMessage);
    },
    removeEventListener: (_type: string, listener: Listener) => {
      const onMessage = wrapped.get(listener);
      if (onMessage) port.off('message', onMessage);
      wrapped.delete(listener);
    },
  };
}
