import { exposeWorkerApi } from './expose-worker-api.ts';
import { labWorkerApi } from './trials-worker-api.ts';

exposeWorkerApi(labWorkerApi);
