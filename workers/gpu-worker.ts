import { exposeWorkerApi } from '../src/prisoners/expose-worker-api.ts';
import { gpuWorkerApi } from '../src/prisoners/lab/gpu-worker-api.ts';

exposeWorkerApi(gpuWorkerApi);
