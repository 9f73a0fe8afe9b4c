/** The worker side of the worker bridge (worker-bridge.ts). */
import { expose, type Endpoint } from 'comlink';

/** What every worker exposes: its API, and a proof of life for the bridge to ask for. */
export interface ExposedWorker<Api> {
  api: Api;
  alive(): true;
}

/** Exposes `api` to the page (or, with `endpoint`, to a Node parent thread). */
export function exposeWorkerApi<Api>(api: Api, endpoint?: Endpoint): void {
  const exposed: ExposedWorker<Api> = { api, alive: () => true };
  expose(exposed, endpoint);
}
