import { exposeWorkerApi } from '../src/prisoners/expose-worker-api.ts';
import { describeWebgl } from '../src/prisoners/grid/webgl-probe.ts';

const api = {
  describeWebgl: () => describeWebgl(new OffscreenCanvas(1, 1)),
};
exposeWorkerApi(api);

export type Api = typeof api;
