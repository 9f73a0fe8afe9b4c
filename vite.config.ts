import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './tools/build/content-security-policy.ts';
import { gridConstants } from './tools/build/grid-constants-css.ts';
import { siteUrl } from './tools/build/site-url.ts';
import { sitemap } from './tools/build/sitemap.ts';
import { staticHostPreview } from './tools/build/static-host-preview.ts';
import { chunkReport } from './tools/build/chunk-report.ts';
import { workerModules } from './tools/build/worker-modules.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Every unit test. */
export const UNIT_TESTS = ['src/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'tools/**/*.test.ts'];

/** Unit tests that load Dawn, the `webgpu` package: a native module that needs a process. */
const DAWN_TESTS = [
  'src/features/prisoners/gpu/gpu-trials.test.ts',
  'src/features/prisoners/gpu/gpu-run.test.ts',
  'src/features/prisoners/lab/use-lab-run.test.ts',
  'cli/sim.test.ts',
];

export default defineConfig({
  plugins: [
    // Fast refresh needs a window: modules that also run in a worker go without it.
    react({ exclude: [/\/node_modules\//, ...workerModules(root)] }),
    contentSecurityPolicy(),
    gridConstants(),
    sitemap(),
    chunkReport(),
    staticHostPreview(),
  ],
  // Canonical links and social cards need the public address, not the one the page runs on.
  // The footer's year is the year of the build, the same in the HTML and in the app.
  define: {
    'import.meta.env.SITE_URL': JSON.stringify(siteUrl),
    'import.meta.env.BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  worker: { format: 'es' },
  // Module preload is native in every browser the site supports; the polyfill would only add bytes.
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // Pre-rendering reads it to link each page's own chunks and styles.
    manifest: true,
  },
  preview: { port: 4173, strictPort: false },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
    // One test file per core: Vitest's default keeps a core free for its main process, which
    // only waits while the files run (on two cores that default halves the speed).
    maxWorkers: availableParallelism(),
    // A hang guard, not a speed limit: two files share the cores, and a busy machine is slower.
    testTimeout: 20_000,
    // Files run in worker threads, cheaper to start than processes (a third less CPU in all),
    // except those that load Dawn (the `webgpu` package), which runs in a process of its own.
    // A thread keeps the modules it has loaded from one file to the next (`isolate: false`):
    // React, Testing Library and the engine are loaded once per thread, not once per file (48 s
    // against 74 s). No test relies on a module loaded afresh: a test that reads a store sets
    // its state first, nothing is mocked by module, and shuffled file orders pass.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          pool: 'threads',
          isolate: false,
          include: UNIT_TESTS,
          exclude: ['**/node_modules/**', ...DAWN_TESTS],
        },
      },
      { extends: true, test: { name: 'dawn', pool: 'forks', include: DAWN_TESTS } },
    ],
  },
});
