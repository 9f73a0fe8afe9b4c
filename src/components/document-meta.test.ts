import { describe, expect, it } from 'vitest';
import { applyHeadTags, canonicalUrl, headTags } from './document-meta.tsx';

describe('document meta', () => {
  it('makes canonical addresses folders on the public site, without query or hash', () => {
    expect(canonicalUrl('/')).toBe('https://sindrehaugland.no/');
    expect(canonicalUrl('/resume')).toBe('https://sindrehaugland.no/resume/');
    expect(canonicalUrl('/projects/css-art/')).toBe('https://sindrehaugland.no/projects/css-art/');
  });

  it('gives every page a title, description, canonical link and matching card tags', () => {
    const tags = headTags('Resume', 'Education and work.', '/resume/');
    const find = (key: string) =>
      tags.find((tag) => tag.attributes.name === key || tag.attributes.property === key)?.attributes
        .content;
    expect(tags[0]).toEqual({ tag: 'title', attributes: {}, text: 'Resume · Sindre Haugland' });
    expect(find('description')).toBe('Education and work.');
    expect(tags.find((tag) => tag.attributes.rel === 'canonical')?.attributes.href).toBe(
      'https://sindrehaugland.no/resume/',
    );
    expect(find('og:title')).toBe('Resume · Sindre Haugland');
    expect(find('og:url')).toBe('https://sindrehaugland.no/resume/');
    expect(find('twitter:title')).toBe('Resume · Sindre Haugland');
    expect(find('og:image')).toBe('https://sindrehaugland.no/social/card.png');
    expect(find('robots')).toBeUndefined();
    expect(
      headTags('not-found', 'Gone.', '/x/', { bareTitle: true, noindex: true }),
    ).toContainEqual({ tag: 'meta', attributes: { name: 'robots', content: 'noindex' } });
  });

  it('updates a live head in place, adding what is missing and dropping a stale robots tag', () => {
    document.head.innerHTML =
      '<title>Old</title><meta name="description" content="old"><meta name="robots" content="noindex">';
    const description = document.head.querySelector('meta[name="description"]');
    applyHeadTags(headTags('Contact', 'Write to me.', '/contact/'), document.head);
    expect(document.title).toBe('Contact · Sindre Haugland');
    expect(document.head.querySelector('meta[name="description"]')).toBe(description);
    expect(description?.getAttribute('content')).toBe('Write to me.');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[property="og:url"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://sindrehaugland.no/contact/',
    );
  });
});
