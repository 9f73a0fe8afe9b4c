/** Every internal link of the site, in one place. */
export const paths = {
  home: '/',
  resume: '/resume',
  contact: '/contact',
  project: (slug: string) => `/projects/${slug}`,
  prisoner: '/projects/prisoner',
  lab: '/projects/prisoner/lab',
} as const;
