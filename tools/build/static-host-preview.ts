import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { staticAnswer } from '../serve/static-server.ts';

/**
 * Makes `vite preview` answer as a static host does, instead of with the single-page fallback
 * that the development server needs: a file, a folder's index.html, or else 404.html with
 * status 404. So the browser tests see the build as visitors will.
 */
export function staticHostPreview(): Plugin {
  let root = 'dist';
  return {
    name: 'portfolio:static-host-preview',
    configResolved(config) {
      root = resolve(config.root, config.build.outDir);
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        void (async () => {
          const path = new URL(request.url ?? '/', 'http://localhost').pathname;
          const answer = await staticAnswer(root, path);
          if (!answer || answer.status === 200) {
            // Vite serves the file itself, with its own headers.
            if (answer) request.url = `/${relative(root, answer.file)}`;
            next();
            return;
          }
          response.statusCode = 404;
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(await readFile(answer.file));
        })().catch(next);
      });
    },
  };
}
