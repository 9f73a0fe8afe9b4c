import { expose } from 'comlink';
import { createOffscreenGrid } from '../src/prisoners/grid/offscreen-grid.tsx';

const api = createOffscreenGrid();
expose(api);

export type Api = typeof api;
