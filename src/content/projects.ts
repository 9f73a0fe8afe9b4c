import { technologies, type Technology } from './technologies.ts';

/** A segment display as content: the props of the SegmentDisplay component. */
export interface SegmentContent {
  text: string;
  sgClr?: string;
  bgClr?: string;
  size?: number;
  dayVersion?: 'long' | 'short';
}

/** One block of a project's detail page; every field is optional. */
export interface DetailBlock {
  h2?: string;
  p?: string;
  /** File name under /img/. */
  img?: string;
  alt?: string;
  /** Shows the image at a smaller, inline size. */
  imgsmall?: boolean;
  code?: string;
  sgmnt?: SegmentContent;
}

export interface Project {
  id: number;
  /** URL slug: /projects/{link}. */
  link: string;
  title: string;
  /** Plain intro, or `d_intro` when the intro needs markup (sanitised before rendering). */
  intro?: string;
  d_intro?: string;
  description: string;
  /** Short HTML description for the card (sanitised before rendering). */
  deschtml: string;
  /** File name under /img/. */
  image?: string;
  alt?: string;
  imgTall?: boolean;
  sgmnt?: SegmentContent;
  githubUrl?: string;
  liveUrl?: string;
  technologies: readonly Technology[];
  detailed: readonly DetailBlock[];
}

const t = technologies;

// Plain data only: this module is also read at build time (sitemap), so no browser imports.
export const projects: readonly Project[] = [
  {
    id: 1,
    link: 'AI_tool',
    title: 'Pensum: an AI study assistant',
    intro:
      'Pensum answers questions about a course using only that course’s own material. Upload the lecture slides and old exams, ask “what is a B-tree split?”, and you get a short answer with the exact slide and page it came from, so you can check it instead of trusting it.',
    description:
      'A study assistant that answers questions from your own lecture notes and cites the page each answer comes from.',
    deschtml:
      '<p>Built for my own exam preparation and used by about <strong>140 classmates</strong> in two courses. Every answer links to its source page; if the material does not cover a question, Pensum says so instead of guessing.</p>',
    image: 'ai-tool.svg',
    alt: 'A chat window where an answer is underlined by two source cards pointing to pages in a stack of lecture slides.',
    githubUrl: 'https://github.com/sindrehaugland/pensum',
    technologies: [t.react, t.typescript, t.vite, t.python, t.fastapi, t.docker],
    detailed: [
      {
        h2: 'Why I built it',
        p: 'General chatbots are confident about everything, including the parts of a course they have never seen. Before the algorithms exam in 2024 I wanted something narrower: an assistant that only knows the curriculum, shows its sources, and admits when the answer is not in them.',
      },
      {
        h2: 'How it works',
        p: 'PDFs are split into overlapping chunks that follow the slide structure, embedded, and stored with their page numbers. A question retrieves the six closest chunks; the language model is asked to answer from those alone and to cite them by number. The React front end streams the answer token by token and turns the citations into cards that open the right page.',
        img: 'ai-tool-flow.svg',
        alt: 'Diagram: PDF pages become chunks, a question retrieves the closest chunks, and the answer cites them.',
      },
      {
        h2: 'What was hard',
        p: 'Formulas. Slides full of maths came out of the PDF parser as soup, and retrieval then matched the wrong slides. Keeping each slide as one unit and storing its title beside the text fixed most of it. The other hard part was honesty: the first version happily answered questions the slides did not cover, so I built a test set of 60 questions from old exams, twelve of them deliberately out of scope, and tuned until the assistant declined those.',
      },
      {
        h2: 'Streaming the answer',
        p: 'The answer arrives as a stream, so the interface can show the first words after half a second instead of a spinner for eight.',
        code: `const response = await fetch('/api/ask', { method: 'POST', body: JSON.stringify({ question }) });
const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
  setAnswer((previous) => previous + chunk.value);
}`,
      },
      {
        h2: 'What I learned',
        p: 'Retrieval quality mattered far more than prompt wording, and a small written test set beat my intuition every time. I also learned to design loading states properly: a streaming answer needs a visible cursor, a stop button, and an announcement for screen readers when it is done.',
      },
    ],
  },
  {
    id: 2,
    link: 'NTNU_PPL',
    title: 'NTNU PPL: the programming lab queue',
    intro:
      'PPL (short for “Python på lab”) is the help queue for the lab sessions of an introductory programming course at NTNU. Students join the queue from their laptop with a table number and a one-line question; student assistants see the queue on their phones and take the next ticket.',
    description:
      'A real-time help queue for programming lab sessions, replacing a whiteboard and a lot of raised hands.',
    deschtml:
      '<p>Used in <strong>three semesters</strong> of lab sessions with up to 400 students a week. Median waiting time dropped from about 14 to 6 minutes once assistants could see what each student needed before walking over.</p>',
    image: 'ntnu-ppl.svg',
    alt: 'A queue of numbered tickets flowing towards a phone held by a student assistant.',
    githubUrl: 'https://github.com/sindrehaugland/ntnu-ppl',
    technologies: [t.react, t.typescript, t.node, t.postgresql, t.docker],
    detailed: [
      {
        h2: 'The problem',
        p: 'As a student assistant in 2023 I spent the first minutes of every lab session trying to remember who had raised their hand first. Students who were shy never got help at all. A queue that everyone can see is fairer, and it lets assistants group students with the same question.',
      },
      {
        h2: 'Keeping everyone in sync',
        p: 'The queue is pushed to every open screen with Server-Sent Events. Positions are computed in PostgreSQL inside a transaction, so two assistants tapping “take next” at the same moment never get the same student. When a phone loses the campus Wi-Fi the client reconnects and asks for the full queue again instead of trusting stale state.',
        img: 'ntnu-ppl-flow.svg',
        alt: 'Diagram: students post tickets, the server orders them in PostgreSQL, and every assistant’s phone receives the same queue.',
      },
      {
        h2: 'What was hard',
        p: 'Fairness rules were harder than the code. One ticket per student, a limit on how long a ticket may stay “in progress”, and a way to put a student back at their old position when an assistant had to leave. Each rule came from an actual complaint in the first weeks.',
      },
      {
        h2: 'What I learned',
        p: 'Build for the worst device in the room: assistants used old phones with one hand while leaning over a desk, so the assistant view has big targets, no hover-only controls, and works without a keyboard. I also learned to read a query plan after the queue page slowed down during the first exam week.',
      },
    ],
  },
  {
    id: 3,
    link: 'segment-display',
    title: 'Segment Display',
    intro:
      'A 13-segment display drawn in SVG as a React component. It spells letters, digits, colons and dots, and in clock mode it shows the current time, weekday and date, updating every second. The display on this project’s card is the real component, running live.',
    description:
      'A reusable React component that draws text and a live clock as a glowing 13-segment display.',
    deschtml:
      '<p>Pure SVG, no images or fonts. Give it text such as <code>HELLO</code>, or a clock pattern such as <code>!#ms</code> for hours, minutes and seconds.</p>',
    sgmnt: { text: '!#ms' },
    githubUrl: 'https://github.com/sindrehaugland/segment-display',
    technologies: [t.react, t.typescript, t.svg, t.vitest],
    detailed: [
      {
        h2: 'Thirteen segments',
        p: 'A classic seven-segment digit cannot draw a K, an M or a W. Adding a split middle bar, two diagonals on each side and a centre stroke gives thirteen segments, enough for every letter from A to Z while keeping the look of an old alarm clock.',
        sgmnt: { text: 'PORTFOLIO', size: 28 },
      },
      {
        h2: 'Clock mode',
        p: 'Text that starts with !# becomes a clock. The following letters choose what to show: m adds minutes, s seconds, d the weekday and D the date as dd.mm.yy. The display below reads the same clock your computer shows.',
        sgmnt: { text: '!#msdD', size: 24, dayVersion: 'short' },
      },
      {
        h2: 'Using it',
        p: 'The whole public surface is five props. Colours default to green segments on black, like the displays that inspired it.',
        code: `<SegmentDisplay text="HELLO" />
<SegmentDisplay text="!#msdD" dayVersion="short" sgClr="#c437e0" />`,
      },
      {
        h2: 'What was hard, and what I learned',
        p: 'Getting the segment shapes to meet cleanly at every size took more geometry than I expected: each segment is a hexagon whose points are computed from one stroke width, so the gaps stay even from 12 to 80 pixels. For screen readers the display is a single image whose label is the readable text, not thirteen meaningless shapes. Try your own text in the playground below.',
      },
    ],
  },
  {
    id: 4,
    link: 'prisoner',
    title: 'The 100 Prisoners Simulation',
    d_intro:
      '<p>A hundred prisoners each open at most fifty of a hundred boxes looking for their own number. Picking at random, all of them succeed with a chance of about 1 in 10<sup>30</sup>. Following the loops between boxes, they succeed <strong>31.18%</strong> of the time. This site lets you watch that strategy box by box, and run millions of games in a lab to see the number appear.</p>',
    description:
      'An interactive simulation of the 100 prisoners puzzle, with a high-speed lab that runs millions of seeded games in Web Workers.',
    deschtml:
      '<p>Watch each prisoner follow the chain of slips on a <strong>three.js</strong> grid, or open the lab and compare the measured success rate with the exact answer, 1 − (1/51 + … + 1/100) ≈ 31.18%.</p>',
    image: 'prisoner.svg',
    alt: 'A ten by ten grid of boxes; a glowing path links several boxes into one loop.',
    githubUrl: 'https://github.com/sindrehaugland/portfolio',
    technologies: [t.react, t.typescript, t.threejs, t.vite, t.vitest],
    detailed: [
      {
        h2: 'The puzzle',
        p: 'A hundred numbered slips are shuffled into a hundred numbered boxes. One at a time, each prisoner may open fifty boxes and must find their own number. If every prisoner succeeds, all go free; if one fails, all fail. They may agree on a plan beforehand but cannot talk afterwards.',
      },
      {
        h2: 'The loop strategy',
        p: 'Prisoner n opens box n, then the box whose number is on the slip found, and so on. Each prisoner walks the loop that contains their own number, so everyone succeeds exactly when no loop in the shuffle is longer than fifty. That happens with probability 1 − (1/51 + 1/52 + … + 1/100) ≈ 0.3118.',
        img: 'prisoner-cycles.svg',
        alt: 'Boxes connected by arrows into three loops of different lengths.',
      },
      {
        h2: 'Built to be replayed',
        p: 'Every game starts from a seed, a whole number that drives a small, fast random number generator. The same seed always produces the same shuffle, so any run you find interesting can be shared and replayed exactly. The lab runs games in Web Workers so the page stays responsive while millions of trials are counted, and stopping a run ends the worker immediately.',
        code: `const rng = createRng(seed);
const slips = randomArrangement(100, rng);
const longest = Math.max(...cycleLengths(slips));
const everyoneFree = longest <= 50;`,
      },
      {
        h2: 'What I learned',
        p: 'Measuring before optimising: the first simulation ran about 100 thousand games a second; keeping the generator’s state in local integers and reusing one array made it more than ten times faster. And an animated 3D grid needs an equally good twin made of plain buttons, so keyboard and screen-reader users can play the same game.',
      },
    ],
  },
  {
    id: 5,
    link: 'ntnu-capmap',
    title: 'NTNU CapMap',
    intro:
      'CapMap is a campus map for NTNU Gløshaugen that answers one question well: where is this room? Type a room code from your timetable and the map shows the building, the entrance to use and the floor, with a walking line from where you stand.',
    description:
      'A fast campus map for finding lecture rooms at NTNU Gløshaugen from the room code in your timetable.',
    deschtml:
      '<p>Search is instant and works offline once loaded. The map data comes from <strong>OpenStreetMap</strong>, plus a hand-checked list of about 300 teaching rooms and their entrances.</p>',
    image: 'ntnu-capmap.svg',
    alt: 'A stylised campus map with building outlines, a search field and a pin on one building.',
    githubUrl: 'https://github.com/sindrehaugland/ntnu-capmap',
    liveUrl: 'https://sindrehaugland.github.io/ntnu-capmap/',
    technologies: [t.react, t.typescript, t.leaflet, t.openstreetmap, t.vite],
    detailed: [
      {
        h2: 'Why another map',
        p: 'Every autumn, new students stand outside the wrong building five minutes before their first lecture. Room codes such as S6 or EL5 say little about where a room actually is, and the fastest answer was usually to ask someone. CapMap makes that answer take one search.',
      },
      {
        h2: 'Data and search',
        p: 'Building outlines come from OpenStreetMap. The rooms, floors and best entrances I collected by walking the campus with a notebook during the first weeks of term. Search matches room codes, building names and common nicknames, and ranks exact code matches first so “R1” never loses to “R10”.',
        img: 'ntnu-capmap-search.svg',
        alt: 'The search field with the query S6 and a result card showing building, floor and entrance.',
        imgsmall: true,
      },
      {
        h2: 'What was hard',
        p: 'Floors. Gløshaugen is built on a slope, so the ground floor of one building is the third floor of the next, and the corridors between them connect different levels. I stopped modelling floors as numbers and stored, for each room, the entrance and the stairs that reach it.',
      },
      {
        h2: 'What I learned',
        p: 'Loading less is the best performance work: the first version downloaded a 4 MB GeoJSON file; simplifying shapes and splitting the data by area brought the first view under 200 kB. I also learned how much an accessible list view matters on a map site: the map is a picture, the list is what you can navigate.',
      },
    ],
  },
  {
    id: 6,
    link: 'css-art',
    title: 'CSS Art: Gamle Bybro at night',
    intro:
      'An illustration of Trondheim’s Old Town Bridge and the colourful wharves along the Nidelva river, drawn with nothing but HTML elements and CSS. No images, no SVG, no canvas: gradients, borders, shadows and a great deal of patience.',
    description:
      'Trondheim’s Old Town Bridge and riverside wharves, drawn entirely with HTML and CSS.',
    deschtml:
      '<p>Around <strong>180 elements</strong> and not one image. The lights in the windows flicker gently, and stay still for visitors who prefer reduced motion.</p>',
    image: 'css-art.svg',
    alt: 'An illustration of a red bridge with an arched portal over a dark river, with coloured wooden wharf houses behind it under a purple night sky.',
    imgTall: true,
    githubUrl: 'https://github.com/sindrehaugland/css-art',
    liveUrl: 'https://sindrehaugland.github.io/css-art/',
    technologies: [t.html, t.css, t.sass],
    detailed: [
      {
        h2: 'Why draw with CSS',
        p: 'CSS art is a fun way to learn the parts of CSS that everyday layouts never touch. After a semester of forms and tables I wanted to know what gradients, clip paths and box shadows can really do, and the view from the bridge on my way to campus seemed like the right subject.',
      },
      {
        h2: 'How it is built',
        p: 'Each wharf house is one element with a gradient for the wooden boards and pseudo-elements for the roof and the windows. Sass loops place the rows of windows, and custom properties hold the colours, so a whole house can be recoloured with one line. The water is the scene mirrored with a transform and blurred.',
        code: `.wharf {
  --wall: #b6412f;
  background: repeating-linear-gradient(90deg, var(--wall) 0 6px, color-mix(in srgb, var(--wall), black 15%) 6px 7px);
  clip-path: polygon(0 18%, 50% 0, 100% 18%, 100% 100%, 0 100%);
}`,
      },
      {
        h2: 'What was hard',
        p: 'The bridge’s portal, the famous “Lykkens portal”, has a curved top and an inscription-like pattern. Clip paths gave the shape, but keeping it sharp at every screen size meant sizing everything relative to one container with container query units.',
      },
      {
        h2: 'What I learned',
        p: 'Drawing with CSS made me much faster at reading other people’s CSS. It also taught me restraint: respecting prefers-reduced-motion, checking the contrast of the text overlays, and giving the whole illustration one clear text alternative.',
      },
    ],
  },
];

/** The project with this slug, or undefined. */
export function findProject(slug: string): Project | undefined {
  return projects.find((project) => project.link === slug);
}
