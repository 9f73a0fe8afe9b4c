// Worker-thread entry when the lab pool runs from TypeScript (unit tests): loads the engine
// through tsx, then starts it. `npm run sim` and the benchmark run the bundled worker instead.
import { register } from 'tsx/esm/api';

register();
await import('./sim-worker.ts');
