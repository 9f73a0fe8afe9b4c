import type { TestProject } from 'vitest/node';
import { startPreview } from '../../tools/serve/preview-server.ts';

/** Serves the production build once for every browser test, on a free port. */
export default async function setup(project: TestProject) {
  const server = await startPreview(process.env.E2E_DIST ?? 'dist');
  project.provide('baseUrl', server.origin);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
