import { useEffect } from 'react';
import { profile } from '../content/profile.ts';

/** Sets the page title ("{title} · {owner}") and meta description for the current route. */
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${profile.name}` : `${profile.name} · ${profile.role}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
