// The trials worker for Node worker threads: the same API as the page's trials.worker.ts.
import { parentPort } from 'node:worker_threads';
import { exposeWorkerApi } from '../src/features/prisoners/runtime/expose-worker-api.ts';
import { trialsWorkerApi } from '../src/features/prisoners/runtime/trials-worker-api.ts';
import { nodeEndpoint } from './node-endpoint.ts';

if (!parentPort) throw new Error('sim-worker runs as a worker thread');
exposeWorkerApi(trialsWorkerApi, nodeEndpoint(parentPort));
