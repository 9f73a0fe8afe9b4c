// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderRobots, renderSitemap, routesInSitemap, siteOriginInSitemap } from './sitemap.ts';
import { headerPolicy, headersFile, metaPolicy } from './content-security-policy.ts';

describe('sitemap', () => {
  it('lists absolute, escaped URLs and reads back the same routes', () => {
    const xml = renderSitemap('https://example.org', ['/', '/resume', '/projects/a&b']);
    expect(xml).toContain('<loc>https://example.org/</loc>');
    expect(xml).toContain('<loc>https://example.org/projects/a&#38;b</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(routesInSitemap(xml)).toEqual(['/', '/resume', '/projects/a&b']);
    expect(siteOriginInSitemap(xml)).toBe('https://example.org');
  });

  it('robots.txt allows crawling and names the sitemap', () => {
    expect(renderRobots('https://example.org')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n',
    );
  });
});

describe('content security policy', () => {
  it('allows only the site itself and never inline or eval’d script', () => {
    expect(metaPolicy).toContain("default-src 'self'");
    expect(metaPolicy).toContain("script-src 'self';");
    expect(metaPolicy).toContain("img-src 'self' data:");
    expect(metaPolicy).toContain("object-src 'none'");
    expect(metaPolicy).not.toMatch(/unsafe-|\*|blob:|https?:/);
  });

  it('keeps frame-ancestors, which a meta tag cannot carry, to the headers file', () => {
    expect(metaPolicy).not.toContain('frame-ancestors');
    expect(headerPolicy).toBe(`${metaPolicy}; frame-ancestors 'none'`);
    expect(headersFile).toContain(`Content-Security-Policy: ${headerPolicy}`);
  });
});
