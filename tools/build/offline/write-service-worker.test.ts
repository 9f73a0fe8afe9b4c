// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeServiceWorker } from './write-service-worker.ts';

/** A small build as `npm run build` leaves it, before the service worker is written. */
const BUILD: Record<string, string> = {
  'index.html': '<h1>Home</h1>',
  '404.html': '<h1>Error</h1>',
  'resume/index.html': '<h1>Resume</h1>',
  'assets/index-Ab12Cd34.js': 'console.log(1)',
  'assets/index-Ef56Gh78.css': 'body{}',
  'assets/trials.worker-Ij90Kl12.js': 'onmessage=()=>{}',
  'img/avatar.svg': '<svg/>',
  'icon-192.png': 'png',
  'manifest.webmanifest': '{}',
  '.vite/manifest.json': '{}',
  _headers: '/*',
  'robots.txt': 'User-agent: *',
  'sitemap.xml': '<urlset/>',
  'social/card.png': 'png',
};

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The precache list written into sw.js. */
async function precacheList(dist: string): Promise<{ url: string; revision: string | null }[]> {
  const worker = await readFile(join(dist, 'sw.js'), 'utf8');
  const list = /\[\{"revision".*?\}\]/.exec(worker);
  if (!list) throw new Error('sw.js holds no precache list');
  return (JSON.parse(list[0]) as { url: string; revision: string | null }[]).sort((a, b) =>
    a.url.localeCompare(b.url),
  );
}

describe('writeServiceWorker', () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), 'write-service-worker-'));
    for (const [file, text] of Object.entries(BUILD)) {
      await mkdir(dirname(join(dist, file)), { recursive: true });
      await writeFile(join(dist, file), text);
    }
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  it('precaches what a page may need, hashed names without a revision, the rest by content', async () => {
    const report = await writeServiceWorker(dist);
    const files = [
      'index.html',
      '404.html',
      'resume/index.html',
      'img/avatar.svg',
      'icon-192.png',
      'manifest.webmanifest',
    ];
    const hashed = [
      'assets/index-Ab12Cd34.js',
      'assets/index-Ef56Gh78.css',
      'assets/trials.worker-Ij90Kl12.js',
    ];
    expect(await precacheList(dist)).toEqual(
      [
        ...files.map((url) => ({ url, revision: md5(BUILD[url]!) })),
        ...hashed.map((url) => ({ url, revision: null })),
      ].sort((a, b) => a.url.localeCompare(b.url)),
    );
    expect(report).toEqual({
      files: 9,
      bytes: [...files, ...hashed].reduce((sum, file) => sum + BUILD[file]!.length, 0),
    });
  });

  it('writes it again for a changed build, leaving out the worker it wrote before', async () => {
    await writeServiceWorker(dist);
    await writeFile(join(dist, 'index.html'), '<h1>Home, again</h1>');
    await writeServiceWorker(dist);
    const list = await precacheList(dist);
    expect(list.find((entry) => entry.url === 'index.html')?.revision).toBe(
      md5('<h1>Home, again</h1>'),
    );
    expect(list.map((entry) => entry.url)).not.toContain('sw.js');
  });

  it('fails the build rather than leave out a file too large to precache', async () => {
    await writeFile(join(dist, 'assets/huge-Mn34Op56.js'), 'x'.repeat(4 * 1024 * 1024 + 1));
    await expect(writeServiceWorker(dist)).rejects.toThrow(
      /The service worker could not precache the build:\n.*assets\/huge-Mn34Op56\.js/,
    );
  });
});
