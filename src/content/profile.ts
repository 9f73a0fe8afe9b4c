/** The site owner. */
export const profile = {
  name: 'Sindre Haugland',
  role: 'Web developer',
  email: 'sindre.haugland@proton.me',
} as const;
