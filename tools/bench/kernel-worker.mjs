// Worker-thread entry: loads the TypeScript benchmark kernel through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./kernel-worker.ts');
