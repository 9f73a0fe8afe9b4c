import { preview } from 'vite';
import type { TestProject } from 'vitest/node';

/** Serves the production build once for every browser test, on a free port. */
export default async function setup(project: TestProject) {
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: process.env.E2E_DIST ?? 'dist' },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('vite preview has no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
  return async () => {
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
