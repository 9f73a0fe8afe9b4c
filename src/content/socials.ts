/** Where else to find the owner. Icons are keys of the brand icon registry. */
export interface SocialLink {
  name: 'GitHub' | 'Instagram' | 'LinkedIn';
  url: string;
  handle: string;
  icon: 'github' | 'instagram' | 'linkedin';
  blurb: string;
}

export const socials: readonly SocialLink[] = [
  {
    name: 'GitHub',
    url: 'https://github.com/sindrehaugland',
    handle: '@sindrehaugland',
    icon: 'github',
    blurb: 'Source code for every project on this site.',
  },
  {
    name: 'Instagram',
    url: 'https://www.instagram.com/sindrehaugland',
    handle: '@sindrehaugland',
    icon: 'instagram',
    blurb: 'Trondheim, mountains, and the odd CSS drawing.',
  },
  {
    name: 'LinkedIn',
    url: 'https://www.linkedin.com/in/sindrehaugland',
    handle: 'in/sindrehaugland',
    icon: 'linkedin',
    blurb: 'Work history, studies and references.',
  },
];
