import { expose } from 'comlink';
import { labWorkerApi } from '../src/prisoners/lab/worker-api.ts';

expose(labWorkerApi);
