import { expose } from 'comlink';
import { describeWebgl } from '../src/prisoners/grid/webgl-probe.ts';

const api = {
  describeWebgl: () => describeWebgl(new OffscreenCanvas(1, 1)),
};
expose(api);

export type Api = typeof api;
