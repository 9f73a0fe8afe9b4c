import { expose, transfer } from 'comlink';
import { createGameApi } from '../src/prisoners/engine/auto-play.ts';

// Batches are handed over, not copied.
const api = createGameApi((boxes) => transfer(boxes, [boxes.buffer]));
expose(api);

export type Api = typeof api;
