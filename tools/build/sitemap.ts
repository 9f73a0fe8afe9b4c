import type { Plugin } from 'vite';
import { sitePages } from '../../src/config/routes.ts';
import { siteUrl } from './site-url.ts';

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** sitemap.xml for the given absolute base URL and routes. */
export function renderSitemap(baseUrl: string, routes: readonly string[]): string {
  const urls = routes
    .map((route) => `  <url><loc>${escapeXml(new URL(route, `${baseUrl}/`).href)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
}

/** robots.txt that allows everything and points at the sitemap. */
export function renderRobots(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}

/** Writes sitemap.xml (every page of the route table) and robots.txt into the build. */
export function sitemap(): Plugin {
  return {
    name: 'portfolio:sitemap',
    apply: 'build',
    generateBundle() {
      const routes = sitePages().map((page) => page.path);
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: renderSitemap(siteUrl, routes),
      });
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: renderRobots(siteUrl) });
    },
  };
}

const unescapeXml = (text: string): string =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => xmlEntities[name]!);
const xmlEntities: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

/** The paths listed in a sitemap.xml, in order. */
export function routesInSitemap(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(unescapeXml(match[1]!)).pathname,
  );
}

/** The origin the sitemap was built for (SITE_URL at build time). */
export function siteOriginInSitemap(xml: string): string {
  const first = /<loc>([^<]+)<\/loc>/.exec(xml);
  if (!first) throw new Error('The sitemap lists no URLs.');
  return new URL(first[1]!).origin;
}
