import type { Plugin } from 'vite';

/**
 * The production Content-Security-Policy, one directive per entry. The dev server is left alone:
 * its React refresh preamble is an inline script.
 */
export const cspDirectives: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'worker-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
};

/** Directives that browsers ignore (and warn about) in a meta tag: headers only. */
const headerOnlyDirectives: Readonly<Record<string, string>> = {
  'frame-ancestors': "'none'",
};

const serialise = (directives: Readonly<Record<string, string>>): string =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

export const metaPolicy = serialise(cspDirectives);
export const headerPolicy = serialise({ ...cspDirectives, ...headerOnlyDirectives });

/**
 * `_headers` for Netlify and Cloudflare Pages: the same policy plus what only headers can carry.
 * Content-hashed assets are kept for good; the service worker is checked on every visit, so a
 * new build is found as soon as it is deployed.
 */
export const headersFile = `/*
  Content-Security-Policy: ${headerPolicy}
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), interest-cohort=()
  Cross-Origin-Opener-Policy: same-origin
  X-Frame-Options: DENY

/assets/*
  Cache-Control: public, max-age=31536000, immutable

/sw.js
  Cache-Control: no-cache
`;

/** Puts the policy into the built index.html as a meta tag and writes `_headers` beside it. */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'portfolio:content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      // Right after the charset declaration, before any script or stylesheet it governs.
      handler: (html) => {
        const tag = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy}" />`;
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('index.html needs a <meta charset> first.');
        return html.replace(charset, (match) => `${match}\n    ${tag}`);
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile });
    },
  };
}
