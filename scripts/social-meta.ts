import type { HtmlTagDescriptor, Plugin } from 'vite';
import { profile } from '../src/content/profile.ts';
import { siteUrl } from './site-url.ts';

/**
 * Link-preview tags in the HTML itself, for crawlers that do not run JavaScript (most social
 * networks). They describe the site as a whole; each route refines them once the app runs.
 */
export function socialMeta(): Plugin {
  const title = `${profile.name} · ${profile.role}`;
  const description = `Portfolio of ${profile.name}, ${profile.role.toLowerCase()}: projects, résumé and an interactive 100 prisoners simulation.`;
  const image = `${siteUrl}/social/card.png`;
  const tags: Array<[attribute: 'name' | 'property', key: string, content: string]> = [
    ['property', 'og:site_name', profile.name],
    ['property', 'og:locale', 'en_GB'],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', image],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    [
      'property',
      'og:image:alt',
      `${profile.name}, ${profile.role}: portfolio and the 100 prisoners simulation`,
    ],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return {
    name: 'portfolio:social-meta',
    transformIndexHtml: (): HtmlTagDescriptor[] =>
      tags.map(([attribute, key, content]) => ({
        tag: 'meta',
        attrs: { [attribute]: key, content },
        injectTo: 'head',
      })),
  };
}
