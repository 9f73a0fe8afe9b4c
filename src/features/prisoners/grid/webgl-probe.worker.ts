import { exposeWorkerApi } from '../runtime/expose-worker-api.ts';
import { describeWebgl } from './webgl-probe.ts';

const api = {
  describeWebgl: () => describeWebgl(new OffscreenCanvas(1, 1)),
};
exposeWorkerApi(api);

export type Api = typeof api;
