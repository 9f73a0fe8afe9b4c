import DOMPurify from 'dompurify';

const ALLOWED_TAGS = ['p', 'strong', 'em', 'code', 'sup', 'sub', 'br', 'ul', 'ol', 'li'];

/** Sanitises authored HTML to a small set of inline/text tags; scripts, handlers and links are dropped. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}

/** Renders an HTML content field after sanitising it. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
