import { exposeWorkerApi } from '../src/prisoners/expose-worker-api.ts';
import { labWorkerApi } from '../src/prisoners/lab/lab-worker-api.ts';

exposeWorkerApi(labWorkerApi);
