import { transfer } from 'comlink';
import { exposeWorkerApi } from '../runtime/expose-worker-api.ts';
import { createGameWorkerApi } from './game-worker-api.ts';

// Batches are handed over, not copied.
const api = createGameWorkerApi((boxes) => transfer(boxes, [boxes.buffer]));
exposeWorkerApi(api);

export type Api = typeof api;
