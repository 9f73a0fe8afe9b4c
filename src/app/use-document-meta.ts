import { useEffect } from 'react';
import { profile } from '../content/profile.ts';

/** An image for link previews: a site-root path such as `/social/card.png`, ideally 1200×630. */
export interface SocialImage {
  path: string;
  alt: string;
  width: number;
  height: number;
}

export interface DocumentMetaOptions {
  /** Preview image for this route; the site card when absent. */
  image?: SocialImage;
  /** Open Graph type: 'article' for write-ups such as project pages. */
  type?: 'website' | 'article';
  /** Keeps the page out of search results: error screens, which hosts may serve with status 200. */
  noindex?: boolean;
}

/** The public address of the site without a trailing slash, set at build time from SITE_URL. */
export const siteUrl: string = import.meta.env.SITE_URL;

export const defaultSocialImage: SocialImage = {
  path: '/social/card.png',
  alt: `${profile.name}, ${profile.role}: portfolio and the 100 prisoners simulation`,
  width: 1200,
  height: 630,
};

/** The full document title for a route title (empty for the home page). */
export function documentTitle(title: string): string {
  return title ? `${title} · ${profile.name}` : `${profile.name} · ${profile.role}`;
}

/** The canonical address of a path: the public site, no query or hash, no trailing slash. */
export function canonicalUrl(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : '/';
  return `${siteUrl}${path}`;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.append(meta);
  }
  if (meta.content !== content) meta.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  if (link.href !== href) link.href = href;
}

/**
 * Sets the page title ("{title} · {owner}"), meta description, canonical link and the Open Graph
 * and Twitter card tags for the current route.
 */
export function useDocumentMeta(
  title: string,
  description: string,
  options: DocumentMetaOptions = {},
): void {
  const image = options.image ?? defaultSocialImage;
  const type = options.type ?? 'website';
  const noindex = options.noindex ?? false;
  // No dependency list: the canonical address follows the URL, which can change while the title
  // stays the same (two unknown addresses), and writing unchanged values is skipped anyway.
  useEffect(() => {
    const fullTitle = documentTitle(title);
    const url = canonicalUrl(window.location.pathname);
    const imageUrl = new URL(image.path, `${siteUrl}/`).href;
    if (document.title !== fullTitle) document.title = fullTitle;
    setMeta('name', 'description', description);
    setCanonical(url);
    setMeta('property', 'og:site_name', profile.name);
    setMeta('property', 'og:locale', 'en_GB');
    setMeta('property', 'og:type', type);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', imageUrl);
    setMeta('property', 'og:image:width', String(image.width));
    setMeta('property', 'og:image:height', String(image.height));
    setMeta('property', 'og:image:alt', image.alt);
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', imageUrl);
    setMeta('name', 'twitter:image:alt', image.alt);
    const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (noindex) setMeta('name', 'robots', 'noindex');
    else robots?.remove();
  });
}
