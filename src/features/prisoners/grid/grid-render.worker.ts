import { exposeWorkerApi } from '../runtime/expose-worker-api.ts';
import { createGridRenderWorkerApi } from './grid-render-worker-api.tsx';

const api = createGridRenderWorkerApi();
exposeWorkerApi(api);

export type Api = typeof api;
