import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/** Where the site is published; canonical links, the sitemap and social cards use it. */
export const siteUrl = (process.env.SITE_URL ?? 'https://sindrehaugland.no').replace(/\/+$/, '');

/** Routes that exist whatever the project list holds. */
export const fixedRoutes = [
  '/',
  '/resume',
  '/contact',
  '/projects/prisoner',
  '/projects/prisoner/lab',
];

interface ProjectsModule {
  projects: ReadonlyArray<{ link: string }>;
}

/** Every route of the site: the fixed ones and one per project, read from the content module. */
export async function siteRoutes(): Promise<string[]> {
  const projectsModule = fileURLToPath(new URL('../src/content/projects.ts', import.meta.url));
  if (!existsSync(projectsModule)) {
    throw new Error(`The sitemap needs the project list, but ${projectsModule} does not exist.`);
  }
  // Loaded through Vite so the content module may use TypeScript and asset imports like the app.
  const { module } = await runnerImport<ProjectsModule>(projectsModule, {
    configFile: false,
    logLevel: 'error',
  });
  const slugs = module.projects.map((project) => project.link);
  return [...new Set([...fixedRoutes, ...slugs.map((slug) => `/projects/${slug}`)])];
}
