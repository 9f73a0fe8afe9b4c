/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public address of the site (scripts/site-url.ts), defined by vite.config.ts. */
  readonly SITE_URL: string;
  /** The year the site was built, defined by vite.config.ts. */
  readonly BUILD_YEAR: string;
}
