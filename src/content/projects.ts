import { technologies, type Technology } from './technologies.ts';

/** A segment display as content: the props of the SegmentDisplay component. */
export interface SegmentContent {
  text: string;
  sgClr?: string;
  bgClr?: string;
  size?: number;
  dayVersion?: 'long' | 'short';
}

/**
 * What a card needs; the detail blocks live in project-details.ts, loaded with the project page.
 * The original site named some fields tersely: `introHtml` was `d_intro`, `descriptionHtml`
 * `deschtml`, `segmentDisplay` `sgmnt` (and a block's `smallImage` was `imgsmall`).
 */
export interface ProjectSummary {
  id: number;
  /** URL slug: /projects/{link}. */
  link: string;
  title: string;
  /** When it was made: a year, or the years it ran. */
  year: string;
  /** What the owner did on it. */
  role: string;
  /** Who made it. */
  team: string;
  /** Plain intro, or `introHtml` when the intro needs markup (rendered by SafeHtml's allow-list). */
  intro?: string;
  introHtml?: string;
  description: string;
  /** Short HTML description for the card (rendered by SafeHtml's allow-list). */
  descriptionHtml: string;
  /** File name under /img/. */
  image?: string;
  alt?: string;
  imgTall?: boolean;
  segmentDisplay?: SegmentContent;
  githubUrl?: string;
  liveUrl?: string;
  technologies: readonly Technology[];
}

const t = technologies;

// Plain data only: this module is also read at build time (sitemap), so no browser imports.
export const projects: readonly ProjectSummary[] = [
  {
    id: 1,
    link: 'AI_tool',
    title: 'Pensum: an AI study assistant',
    year: '2024',
    role: 'Sole developer',
    team: 'On my own, tested by classmates',
    intro:
      'Pensum answers questions about a course using only that course’s own material. Upload the lecture slides and old exams, ask “what is a B-tree split?”, and you get a short answer with the exact slide and page it came from, so you can check it instead of trusting it.',
    description:
      'A study assistant that answers questions from your own lecture notes and cites the page each answer comes from.',
    descriptionHtml:
      '<p>Built for my own exam preparation and used by about <strong>140 classmates</strong> in two courses. Every answer links to its source page; if the material does not cover a question, Pensum says so instead of guessing.</p>',
    image: 'ai-tool.svg',
    alt: 'A chat window where an answer is underlined by two source cards pointing to pages in a stack of lecture slides.',
    githubUrl: 'https://github.com/sindrehaugland/pensum',
    technologies: [t.react, t.typescript, t.vite, t.python, t.fastapi, t.docker],
  },
  {
    id: 2,
    link: 'NTNU_PPL',
    title: 'NTNU PPL: the programming lab queue',
    year: '2023–2024',
    role: 'Front-end lead',
    team: 'Four student assistants',
    intro:
      'PPL (short for “Python på lab”) is the help queue for the lab sessions of an introductory programming course at NTNU. Students join the queue from their laptop with a table number and a one-line question; student assistants see the queue on their phones and take the next ticket.',
    description:
      'A real-time help queue for programming lab sessions, replacing a whiteboard and a lot of raised hands.',
    descriptionHtml:
      '<p>Used in <strong>three semesters</strong> of lab sessions with up to 400 students a week. Median waiting time dropped from about 14 to 6 minutes once assistants could see what each student needed before walking over.</p>',
    image: 'ntnu-ppl.svg',
    alt: 'A queue of numbered tickets flowing towards a phone held by a student assistant.',
    githubUrl: 'https://github.com/sindrehaugland/ntnu-ppl',
    technologies: [t.react, t.typescript, t.node, t.postgresql, t.docker],
  },
  {
    id: 3,
    link: 'segment-display',
    title: 'Segment Display',
    year: '2023',
    role: 'Design and development',
    team: 'On my own',
    intro:
      'A 13-segment display drawn in SVG as a React component. It spells letters, digits, colons and dots, and in clock mode it shows the current time, weekday and date, updating every second. The display on this project’s card is the real component, running live.',
    description:
      'A reusable React component that draws text and a live clock as a glowing 13-segment display.',
    descriptionHtml:
      '<p>Pure SVG, no images or fonts. Give it text such as <code>HELLO</code>, or a clock pattern such as <code>!#ms</code> for hours, minutes and seconds.</p>',
    segmentDisplay: { text: '!#ms' },
    githubUrl: 'https://github.com/sindrehaugland/segment-display',
    technologies: [t.react, t.typescript, t.svg, t.vitest],
  },
  {
    id: 4,
    link: 'prisoner',
    title: 'The 100 Prisoners Simulation',
    year: '2024–2026',
    role: 'Design, mathematics and development',
    team: 'On my own',
    introHtml:
      '<p>A hundred prisoners each open at most fifty of a hundred boxes looking for their own number. Picking at random, all of them succeed with a chance of about 1 in 10<sup>30</sup>. Following the loops between boxes, they succeed <strong>31.18%</strong> of the time. This site lets you watch that strategy box by box, and run millions of games in a lab to see the number appear.</p>',
    description:
      'An interactive simulation of the 100 prisoners puzzle, with a high-speed lab that runs millions of seeded games in Web Workers.',
    descriptionHtml:
      '<p>Watch each prisoner follow the chain of slips on a <strong>three.js</strong> grid, or open the lab and compare the measured success rate with the exact answer, 1 − (1/51 + … + 1/100) ≈ 31.18%.</p>',
    image: 'prisoner.svg',
    alt: 'A ten by ten grid of boxes; a glowing path links several boxes into one loop.',
    githubUrl: 'https://github.com/sindrehaugland/portfolio',
    technologies: [t.react, t.typescript, t.threejs, t.vite, t.vitest],
  },
  {
    id: 5,
    link: 'ntnu-capmap',
    title: 'NTNU CapMap',
    year: '2025',
    role: 'Developer and map data',
    team: 'Two students',
    intro:
      'CapMap is a campus map for NTNU Gløshaugen that answers one question well: where is this room? Type a room code from your timetable and the map shows the building, the entrance to use and the floor, with a walking line from where you stand.',
    description:
      'A fast campus map for finding lecture rooms at NTNU Gløshaugen from the room code in your timetable.',
    descriptionHtml:
      '<p>Search is instant and works offline once loaded. The map data comes from <strong>OpenStreetMap</strong>, plus a hand-checked list of about 300 teaching rooms and their entrances.</p>',
    image: 'ntnu-capmap.svg',
    alt: 'A stylised campus map with building outlines, a search field and a pin on one building.',
    githubUrl: 'https://github.com/sindrehaugland/ntnu-capmap',
    liveUrl: 'https://sindrehaugland.github.io/ntnu-capmap/',
    technologies: [t.react, t.typescript, t.leaflet, t.openstreetmap, t.vite],
  },
  {
    id: 6,
    link: 'css-art',
    title: 'CSS Art: Gamle Bybro at night',
    year: '2022',
    role: 'Illustration in code',
    team: 'On my own',
    intro:
      'An illustration of Trondheim’s Old Town Bridge and the colourful wharves along the Nidelva river, drawn with nothing but HTML elements and CSS. No images, no SVG, no canvas: gradients, borders, shadows and a great deal of patience.',
    description:
      'Trondheim’s Old Town Bridge and riverside wharves, drawn entirely with HTML and CSS.',
    descriptionHtml:
      '<p>Around <strong>180 elements</strong> and not one image. The lights in the windows flicker gently, and stay still for visitors who prefer reduced motion.</p>',
    image: 'css-art.svg',
    alt: 'An illustration of a red bridge with an arched portal over a dark river, with coloured wooden wharf houses behind it under a purple night sky.',
    imgTall: true,
    githubUrl: 'https://github.com/sindrehaugland/css-art',
    liveUrl: 'https://sindrehaugland.github.io/css-art/',
    technologies: [t.html, t.css, t.sass],
  },
];

/** The project with this slug, or undefined. */
export function findProjectSummary(slug: string): ProjectSummary | undefined {
  return projects.find((project) => project.link === slug);
}
