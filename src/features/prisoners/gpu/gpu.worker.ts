import { exposeWorkerApi } from '../runtime/expose-worker-api.ts';
import { gpuWorkerApi } from './gpu-worker-api.ts';

exposeWorkerApi(gpuWorkerApi);
