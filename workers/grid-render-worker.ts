import { exposeWorkerApi } from '../src/prisoners/expose-worker-api.ts';
import { createGridRenderWorkerApi } from '../src/prisoners/grid/grid-render-worker-api.tsx';

const api = createGridRenderWorkerApi();
exposeWorkerApi(api);

export type Api = typeof api;
