import { transfer } from 'comlink';
import { exposeWorkerApi } from '../src/prisoners/expose-worker-api.ts';
import { createGameWorkerApi } from '../src/prisoners/simulation/game-worker-api.ts';

// Batches are handed over, not copied.
const api = createGameWorkerApi((boxes) => transfer(boxes, [boxes.buffer]));
exposeWorkerApi(api);

export type Api = typeof api;
