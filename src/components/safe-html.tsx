import { createElement, type ReactNode } from 'react';

/**
 * Content HTML fields are rendered without innerHTML: a small parser keeps a handful of text
 * tags (without any attributes) and turns everything else into plain text that React escapes.
 * Nothing from content can run as script, and no sanitiser library ships to the browser.
 */

const ALLOWED_TAGS = new Set(['p', 'strong', 'em', 'code', 'sup', 'sub', 'br', 'ul', 'ol', 'li']);
const VOID_TAGS = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'source', 'wbr']);
/** Tags whose content is never text for the reader: dropped with the tag. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
]);

const SELF_ENDING = new Set(['li', 'p']);

type SafeNode = string | { tag: string; children: SafeNode[] };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g;

/** Parses authored HTML into a tree of allowed tags and text. */
function parseSafeHtml(html: string): SafeNode[] {
  const root: SafeNode[] = [];
  const stack: { tag: string; children: SafeNode[] }[] = [];
  const current = () => stack[stack.length - 1]?.children ?? root;
  const addText = (raw: string) => {
    if (raw) current().push(decodeEntities(raw));
  };

  let at = 0;
  let skipUntil: string | null = null;
  for (const match of html.matchAll(TOKEN)) {
    const [whole, slash, rawTag] = match;
    const index = match.index;
    if (skipUntil === null) addText(html.slice(at, index));
    at = index + whole.length;
    if (!rawTag) continue; // a comment
    const tag = rawTag.toLowerCase();
    const closing = slash === '/';

    if (skipUntil !== null) {
      if (closing && tag === skipUntil) skipUntil = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag)) {
      if (!closing && !whole.endsWith('/>')) skipUntil = tag;
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue; // unwrap: keep the text inside, drop the tag
    if (closing) {
      const open = stack.map((entry) => entry.tag).lastIndexOf(tag);
      if (open >= 0) stack.length = open;
      continue;
    }
    // As in browsers, a new list item or paragraph ends an open one.
    if (SELF_ENDING.has(tag) && stack[stack.length - 1]?.tag === tag) stack.pop();
    const node = { tag, children: [] as SafeNode[] };
    current().push(node);
    if (!VOID_TAGS.has(tag)) stack.push(node);
  }
  if (skipUntil === null) addText(html.slice(at));
  return root;
}

function toReact(nodes: SafeNode[]): ReactNode[] {
  return nodes.map((node, index) =>
    typeof node === 'string'
      ? node
      : createElement(
          node.tag,
          { key: index },
          ...(VOID_TAGS.has(node.tag) ? [] : toReact(node.children)),
        ),
  );
}

/** Renders an HTML content field as React elements, keeping only simple text markup. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{toReact(parseSafeHtml(html))}</div>;
}
