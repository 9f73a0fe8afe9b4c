import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Headers that `_headers` gives to every path (`/*`), as a Netlify-style host would send them. */
async function headersForAllPaths(root: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(join(root, '_headers'), 'utf8');
  } catch {
    return {};
  }
  const headers: Record<string, string> = {};
  let inAllPaths = false;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) {
      inAllPaths = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (inAllPaths && colon > 0)
      headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The file a static host serves for `urlPath`: the file itself, or a folder's index.html. */
export async function fileAt(root: string, urlPath: string): Promise<string | undefined> {
  const path = normalize(join(root, decodeURIComponent(urlPath)));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(path);
    if (info.isFile()) return path;
    if (info.isDirectory()) {
      const index = join(path, 'index.html');
      if ((await stat(index)).isFile()) return index;
    }
  } catch {
    // No such file: the caller falls back.
  }
  return undefined;
}

/**
 * What a static host answers for `urlPath` without rewrite rules: the file, a folder's
 * index.html, or else 404.html with status 404; null when even that is missing.
 */
export async function staticAnswer(
  root: string,
  urlPath: string,
): Promise<{ file: string; status: 200 | 404 } | null> {
  const file = await fileAt(root, urlPath);
  if (file) return { file, status: 200 };
  const notFound = await fileAt(root, '/404.html');
  return notFound ? { file: notFound, status: 404 } : null;
}

export interface StaticServer {
  url: string;
  /** Serves another build folder from now on, at the same address (a new deploy). */
  serve: (rootDir: string) => Promise<void>;
  close: () => Promise<void>;
}

/** What a test server adds to the build it serves, never part of the build itself. */
export interface ServerAdditions {
  /** Files served at these paths besides the build's (path → JavaScript source). */
  scripts?: Record<string, string>;
  /** Rewrites every HTML page on its way out. */
  html?: (page: string) => string;
  /** Told the path of every request that reaches the server. */
  onRequest?: (path: string) => void;
}

/**
 * A plain file server for a built site, on 127.0.0.1 and a free port, serving as every static
 * host does without any rewrite rule: a file, a folder's index.html, or else 404.html with
 * status 404. It sends the headers that `_headers` gives to every path.
 */
export async function startStaticServer(
  rootDir: string,
  additions: ServerAdditions = {},
): Promise<StaticServer> {
  let root = resolve(rootDir);
  let siteHeaders = await headersForAllPaths(root);
  const server = createServer((request, response) => {
    void (async () => {
      const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
      additions.onRequest?.(urlPath);
      const script = additions.scripts?.[urlPath];
      if (script !== undefined) {
        response.writeHead(200, { ...siteHeaders, 'content-type': contentTypes['.js']! });
        response.end(script);
        return;
      }
      const answer = await staticAnswer(root, urlPath);
      if (!answer) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const { file, status } = answer;
      let body = await readFile(file);
      if (additions.html && extname(file) === '.html') {
        body = Buffer.from(additions.html(body.toString('utf8')));
      }
      response.writeHead(status, {
        ...siteHeaders,
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: async (next) => {
      const nextRoot = resolve(next);
      siteHeaders = await headersForAllPaths(nextRoot);
      root = nextRoot;
    },
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}
