// Writes one HTML file per page of the site from the client build's index.html: the page's own
// head tags, its content rendered by the app at build time, and links that preload its code and
// styles. Run by scripts/build.ts after the client and server builds.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HeadTag } from '../../src/components/document-meta.tsx';

/** Vite's build manifest: one entry per source module that became a chunk. */
export type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

/** The file a page's HTML goes to: `/` → index.html, `/resume/` → resume/index.html. */
export function pageFile(dist: string, path: string): string {
  return join(dist, ...path.split('/').filter(Boolean), 'index.html');
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Head tags as HTML, one per line. */
export function headHtml(tags: readonly HeadTag[]): string {
  return tags
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      return tag === 'title' ? `<title>${escapeText(text ?? '')}</title>` : `<${tag}${attrs} />`;
    })
    .join('\n    ');
}

/** A chunk and every chunk it imports statically, with their stylesheets. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * What a page needs beyond the entry script: the scripts of its chunk (and what that chunk
 * imports) to preload, and their stylesheets to link, so it hydrates without waiting and shows
 * styled from the first paint.
 */
export function pageAssets(
  manifest: Manifest,
  pageModule: string | null,
): { scripts: string[]; styles: string[] } {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const entryStyles = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));
  const needed = pageModule ? [...closure(manifest, pageModule)].filter((k) => !loaded.has(k)) : [];
  return {
    scripts: needed.map((key) => `/${manifest[key]!.file}`),
    styles: [...new Set(needed.flatMap((key) => manifest[key]?.css ?? []))]
      .filter((file) => !entryStyles.has(file))
      .map((file) => `/${file}`),
  };
}

export interface PageHtml {
  head: readonly HeadTag[];
  html: string;
  scripts: readonly string[];
  styles: readonly string[];
  /** The path the file is for, which lets the app hydrate it; null for the error page. */
  path: string | null;
}

const HEAD_MARK = '<!--head-tags-->';
const ROOT = '<div id="root"><!--app-html--></div>';

/** The template with a page filled in. */
export function fillTemplate(template: string, page: PageHtml): string {
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT)) {
    throw new Error(`index.html needs ${HEAD_MARK} in its head and ${ROOT} in its body.`);
  }
  const links = [
    ...page.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`),
    ...page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ];
  const root = page.path === null ? '<div id="root">' : `<div id="root" data-path="${page.path}">`;
  return template
    .replace(HEAD_MARK, [headHtml(page.head), ...links].join('\n    '))
    .replace(ROOT, `${root}${page.html}</div>`);
}

/** The path rendered as the host's error page: one that no route serves. */
const NOT_FOUND_PATH = '/404/';

/** Packages that only the browser may run: 3D rendering. */
const BROWSER_ONLY_PACKAGES = ['three', '@react-three/fiber'];

/**
 * Makes importing a browser-only package throw while pages render: a page whose first render
 * reached for 3D (instead of starting it after mount) fails the build. Node has no `window`
 * and no `Worker`, so touching those fails it as well.
 */
function forbidBrowserOnlyPackages(): void {
  const hooks = `
    const forbidden = ${JSON.stringify(BROWSER_ONLY_PACKAGES)};
    export async function resolve(specifier, context, next) {
      if (!forbidden.includes(specifier)) return next(specifier, context);
      const message = specifier + ' was imported while pre-rendering.';
      return { url: 'data:text/javascript,' + encodeURIComponent('throw new Error(' + JSON.stringify(message) + ')'), shortCircuit: true };
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}

interface ServerEntry {
  sitePages(): { path: string }[];
  renderPage(path: string): Promise<{ head: HeadTag[]; html: string; pageModule: string | null }>;
}

/** Pre-renders every page of `dist` with the server bundle at `serverEntry`. */
export async function prerender(dist: string, serverEntry: string): Promise<string[]> {
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  forbidBrowserOnlyPackages();
  let server: ServerEntry;
  try {
    server = (await import(pathToFileURL(serverEntry).href)) as ServerEntry;
  } catch (error) {
    throw new Error(
      `The server bundle did not load; does a page's first render import ${BROWSER_ONLY_PACKAGES.join(' or ')}? ${String(error)}`,
      { cause: error },
    );
  }
  const written: string[] = [];
  const write = async (file: string, path: string | null) => {
    const page = await server.renderPage(path ?? NOT_FOUND_PATH);
    const html = fillTemplate(template, {
      ...page,
      ...pageAssets(manifest, page.pageModule),
      path,
    });
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
    written.push(file);
  };
  for (const { path } of server.sitePages()) await write(pageFile(dist, path), path);
  await write(join(dist, '404.html'), null);
  return written;
}
