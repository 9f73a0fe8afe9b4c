// Worker-thread entry: lets the thread load the TypeScript engine through tsx, then starts it.
import { register } from 'tsx/esm/api';

register();
await import('./sim-worker.ts');
