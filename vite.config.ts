import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './scripts/content-security-policy.ts';
import { siteUrl } from './scripts/site-url.ts';
import { sitemap } from './scripts/sitemap.ts';
import { socialMeta } from './scripts/social-meta.ts';
import { chunkReport, notFoundFallback } from './scripts/static-hosting.ts';
import { workerModules } from './scripts/worker-modules.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  plugins: [
    // Fast refresh needs a window: modules that also run in a worker go without it.
    react({ exclude: [/\/node_modules\//, ...workerModules(root)] }),
    socialMeta(),
    contentSecurityPolicy(),
    sitemap(),
    notFoundFallback(),
    chunkReport(),
  ],
  // Canonical links and social cards need the public address, not the one the page runs on.
  define: { 'import.meta.env.SITE_URL': JSON.stringify(siteUrl) },
  worker: { format: 'es' },
  // Module preload is native in every browser the site supports; the polyfill would only add bytes.
  build: { target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
  preview: { port: 4173, strictPort: false },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
  },
});
