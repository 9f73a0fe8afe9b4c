// Builds the production bundle that the browser tests run against.
// E2E_DIST picks the output folder, so that parallel runs do not overwrite each other.
import { build } from 'vite';

await build({
  logLevel: 'warn',
  build: { outDir: process.env.E2E_DIST ?? 'dist', emptyOutDir: true },
});
