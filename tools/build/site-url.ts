/** Where the site is published (SITE_URL, no trailing slash): canonical links, sitemap, social cards. */
export const siteUrl = (process.env.SITE_URL ?? 'https://sindrehaugland.no').replace(/\/+$/, '');
