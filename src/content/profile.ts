/** The site owner. */
export const profile = {
  name: 'Sindre Haugland',
  firstName: 'Sindre',
  role: 'Web developer',
  email: 'sindre.haugland@proton.me',
  location: 'Trondheim, Norway',
  avatar: 'avatar.svg',
  avatarWhite: 'avatar-white.svg',
  avatarAlt: 'Illustrated portrait of Sindre Haugland',
  greeting: "Hi, I'm Sindre",
  tagline: 'Informatics student at NTNU and web developer who likes interfaces that feel exact.',
  about: [
    'I study informatics at NTNU in Trondheim, where I am in the second year of a master’s degree after finishing my bachelor’s in 2025. Most of my free evenings go to building things for the web: small tools for fellow students, interactive explanations, and the occasional drawing made entirely of CSS.',
    'I care about the parts of front-end work that users never notice until they are missing: a menu that closes when you press Escape, a page that still makes sense at 320 pixels, a chart that a screen reader can describe. I like TypeScript for the same reason: it catches the mistake before anyone else has to.',
    'Below are six projects I am proud of, from an AI study assistant and a lab help queue to the 100 prisoners simulation that runs on this very site. Each one taught me something specific, and each project page says what was hard and what I would do differently.',
  ],
} as const;
