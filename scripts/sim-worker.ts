// The lab worker for Node worker threads: the same API as workers/lab-worker.ts.
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import { nodeEndpoint } from './node-endpoint.ts';
import { labWorkerApi } from '../src/prisoners/lab/worker-api.ts';

if (!parentPort) throw new Error('sim-worker runs as a worker thread');
expose(labWorkerApi, nodeEndpoint(parentPort));
