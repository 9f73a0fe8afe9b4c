// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticAnswer } from '../../serve/static-server.ts';
import { NOT_FOUND_PAGE, precachedPage, precachedPaths } from './page-file.ts';

/** A small build: pages, the error screen, a script and an image, as the precache lists them. */
const FILES = [
  '/index.html',
  '/404.html',
  '/resume/index.html',
  '/projects/prisoner/index.html',
  '/projects/prisoner/lab/index.html',
  '/projects/AI_tool/index.html',
  '/projects/café/index.html',
  '/assets/index-Ab12.js',
  '/img/avatar.svg',
];
const precached = new Set(FILES);

describe('precachedPage', () => {
  it.each([
    ['/', '/index.html'],
    ['/index.html', '/index.html'],
    ['/resume/', '/resume/index.html'],
    ['/resume', '/resume/index.html'],
    ['/resume/index.html', '/resume/index.html'],
    ['/projects/prisoner/lab/', '/projects/prisoner/lab/index.html'],
    ['/projects/prisoner/lab', '/projects/prisoner/lab/index.html'],
    ['/projects/AI_tool/', '/projects/AI_tool/index.html'],
    ['/projects/%41I_tool/', '/projects/AI_tool/index.html'],
    ['/projects/caf%C3%A9/', '/projects/café/index.html'],
    ['//resume//', '/resume/index.html'],
    ['/404.html', '/404.html'],
    ['/assets/index-Ab12.js', '/assets/index-Ab12.js'],
    ['/img/avatar.svg', '/img/avatar.svg'],
  ])('answers %s with %s', (address, file) => {
    expect(precachedPage(address, precached)).toBe(file);
  });

  it.each([
    '/projects/prisoner/no-such-page',
    '/projects/prisoner/no-such-page/',
    '/Resume/',
    '/projects/ai_tool/',
    '/resume/index.html/',
    '/img/avatar.svg/',
    '/projects/',
    '/assets/',
    '/%E0%A4%A',
  ])('answers %s with nothing: the error screen', (address) => {
    expect(precachedPage(address, precached)).toBeNull();
  });

  it('names the error screen that the build writes', () => {
    expect(NOT_FOUND_PAGE).toBe('/404.html');
  });
});

describe('precachedPaths', () => {
  it('resolves entries (strings or objects) against the worker and decodes them', () => {
    const paths = precachedPaths(
      [
        { url: 'index.html' },
        'assets/index-Ab12.js',
        { url: 'projects/caf%C3%A9/index.html' },
        { url: '/resume/index.html' },
      ],
      'https://example.com/sw.js',
    );
    expect([...paths]).toEqual([
      '/index.html',
      '/assets/index-Ab12.js',
      '/projects/café/index.html',
      '/resume/index.html',
    ]);
  });
});

describe('precachedPage and the static server', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'page-file-'));
    for (const file of FILES) {
      await mkdir(join(root, dirname(file)), { recursive: true });
      await writeFile(join(root, file), file);
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it.each([
    '/',
    '/resume',
    '/resume/',
    '/resume/index.html',
    '/resume/index.html/',
    '/projects/prisoner/lab',
    '/projects/%41I_tool/',
    '/projects/caf%C3%A9/',
    '//resume//',
    '/projects/',
    '/projects/prisoner/no-such-page',
    '/404.html',
    '/img/avatar.svg',
  ])('serve the same file for %s', async (address) => {
    const answer = await staticAnswer(root, address);
    const hostFile =
      answer?.status === 200 ? `/${relative(root, answer.file).split('\\').join('/')}` : null;
    expect(precachedPage(address, precached)).toBe(hostFile);
  });
});
