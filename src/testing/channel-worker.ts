import { exposeWorkerApi } from '../prisoners/expose-worker-api.ts';
import type { WorkerPort } from '../prisoners/worker-bridge.ts';

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
