import { exposeWorkerApi } from './expose-worker-api.ts';
import { trialsWorkerApi } from './trials-worker-api.ts';

exposeWorkerApi(trialsWorkerApi);
