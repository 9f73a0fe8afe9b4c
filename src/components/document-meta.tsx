import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { folder } from '../config/routes.ts';
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
  /** Use the title as it is, without the site's name after it. */
  bareTitle?: boolean;
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

/**
 * The canonical address of a path: the public site, no query or hash, and a trailing slash,
 * because every page is a folder with an index.html that static hosts serve at `/folder/`.
 */
export function canonicalUrl(pathname: string): string {
  return `${siteUrl}${folder(pathname)}`;
}

/** One tag of the document head. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attributes: Readonly<Record<string, string>>;
  /** The text of a title. */
  text?: string;
}

/** Everything a page says about itself in the head, in order. */
export function headTags(
  title: string,
  description: string,
  pathname: string,
  options: DocumentMetaOptions = {},
): HeadTag[] {
  const image = options.image ?? defaultSocialImage;
  const fullTitle = options.bareTitle ? title : documentTitle(title);
  const url = canonicalUrl(pathname);
  const imageUrl = new URL(image.path, `${siteUrl}/`).href;
  const meta = (attribute: 'name' | 'property', key: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { [attribute]: key, content },
  });
  return [
    { tag: 'title', attributes: {}, text: fullTitle },
    meta('name', 'description', description),
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    ...(options.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', profile.name),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:type', options.type ?? 'website'),
    meta('property', 'og:title', fullTitle),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:width', String(image.width)),
    meta('property', 'og:image:height', String(image.height)),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', fullTitle),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', image.alt),
  ];
}

/** The selector that finds a tag's counterpart in a head: the same name, property or rel. */
function selectorFor({ tag, attributes }: HeadTag): string {
  if (tag === 'title') return 'title';
  const key = (['name', 'property', 'rel'] as const).find((name) => attributes[name]);
  return key ? `${tag}[${key}="${attributes[key]}"]` : tag;
}

/** Brings the live document's head in line with `tags`, touching only what differs. */
export function applyHeadTags(tags: readonly HeadTag[], head: HTMLHeadElement): void {
  if (!tags.some((tag) => selectorFor(tag) === 'meta[name="robots"]')) {
    head.querySelector('meta[name="robots"]')?.remove();
  }
  for (const tag of tags) {
    let element = head.querySelector(selectorFor(tag));
    if (!element) {
      element = head.ownerDocument.createElement(tag.tag);
      head.append(element);
    }
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
    if (tag.text !== undefined && element.textContent !== tag.text) element.textContent = tag.text;
  }
}

/** Receives the head tags of the page being rendered, when pre-rendering at build time. */
export const HeadTagCollector = createContext<((tags: HeadTag[]) => void) | null>(null);

/**
 * Sets the page title ("{title} · {owner}"), description, canonical link and the Open Graph and
 * Twitter card tags for the current route: written into the HTML when pre-rendering, and kept
 * up to date in the browser as the visitor moves between pages.
 */
export function useDocumentMeta(
  title: string,
  description: string,
  options: DocumentMetaOptions = {},
): void {
  const { pathname } = useLocation();
  const collect = useContext(HeadTagCollector);
  const tags = headTags(title, description, pathname, options);
  collect?.(tags);
  const key = JSON.stringify(tags);
  useEffect(() => {
    applyHeadTags(JSON.parse(key) as HeadTag[], document.head);
  }, [key]);
}
