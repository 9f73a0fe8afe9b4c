import { groupDigits } from './numbers.ts';
import { projects, type ProjectSummary, type SegmentContent } from './projects.ts';

/** One block of a project's detail page; every field is optional. */
/** The board a write-up is read beside: the simulation's size and its odds with the loop strategy. */
export interface StoryBoard {
  n: number;
  k: number;
  /** Probability that everyone goes free following the slips, with n boxes and k guesses. */
  loopOdds: number;
}

export interface DetailBlock {
  h2?: string;
  /** A paragraph; as a function, one that names the board beside it (null: the classic 100 and 50). */
  p?: string | ((board: StoryBoard | null) => string);
  /** File name under /img/. */
  img?: string;
  alt?: string;
  /** Shows the image at a smaller, inline size. */
  smallImage?: boolean;
  code?: string;
  segmentDisplay?: SegmentContent;
}

export interface Project extends ProjectSummary {
  detailed: readonly DetailBlock[];
}

/** Detail blocks by project slug: a module of its own so the home page does not load them. */
/** A whole number as the page writes counts: 1,000. */
const count = groupDigits;

/** The classic puzzle's board: the paragraphs below are written for it word for word. */
const isClassic = (board: StoryBoard | null) => !board || (board.n === 100 && board.k === 50);

/** A probability to four decimals, or as m × 10^e when that would round to zero. */
function odds(probability: number): string {
  if (probability === 0 || probability >= 5e-5) return probability.toFixed(4);
  const [mantissa, exponent] = probability.toExponential(2).split('e');
  const superscript = exponent!.replace(
    /[-+\d]/g,
    (c) => '⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹'['-+0123456789'.indexOf(c)]!,
  );
  return `${mantissa} × 10${superscript.replace('⁺', '')}`;
}

function puzzleParagraph(board: StoryBoard | null): string {
  const rules =
    'If every prisoner succeeds, all go free; if one fails, all fail. They may agree on a plan beforehand but cannot talk afterwards.';
  if (isClassic(board)) {
    return `A hundred numbered slips are shuffled into a hundred numbered boxes. One at a time, each prisoner may open fifty boxes and must find their own number. ${rules}`;
  }
  const { n, k } = board!;
  const shuffled =
    n === 1
      ? 'One numbered slip lies in one numbered box.'
      : `${count(n)} numbered slips are shuffled into ${count(n)} numbered boxes.`;
  const opens =
    k === 0 ? 'may open no box' : k === 1 ? 'may open one box' : `may open ${count(k)} boxes`;
  return `${shuffled} One at a time, each prisoner ${opens} and must find their own number. ${rules}`;
}

function loopParagraph(board: StoryBoard | null): string {
  const walk =
    'Prisoner n opens box n, then the box whose number is on the slip found, and so on. Each prisoner walks the loop that contains their own number, so everyone succeeds exactly when no loop in the shuffle is longer than';
  if (isClassic(board)) {
    return `${walk} fifty. That happens with probability 1 − (1/51 + 1/52 + … + 1/100) ≈ 0.3118.`;
  }
  const { n, k, loopOdds } = board!;
  if (k >= n) return `${walk} ${count(k)}. With as many guesses as boxes, that always holds.`;
  if (k === 0) return `${walk} 0. Every loop holds at least one box, so that never happens.`;
  // Only one loop can be longer than k when 2k ≥ n, so the odds are 1 − Σ 1/j over j = k+1 … n.
  if (2 * k < n) return `${walk} ${count(k)}. That happens with probability ≈ ${odds(loopOdds)}.`;
  const terms =
    n - k <= 3
      ? Array.from({ length: n - k }, (_, i) => `1/${count(k + 1 + i)}`).join(' + ')
      : `1/${count(k + 1)} + 1/${count(k + 2)} + … + 1/${count(n)}`;
  return `${walk} ${count(k)}. That happens with probability 1 − (${terms}) ≈ ${odds(loopOdds)}.`;
}

const details: Record<string, readonly DetailBlock[]> = {
  AI_tool: [
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
  NTNU_PPL: [
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
  'segment-display': [
    {
      h2: 'Thirteen segments',
      p: 'A classic seven-segment digit cannot draw a K, an M or a W. Adding a split middle bar, two diagonals on each side and a centre stroke gives thirteen segments, enough for every letter from A to Z while keeping the look of an old alarm clock.',
      segmentDisplay: { text: 'PORTFOLIO', size: 28 },
    },
    {
      h2: 'Clock mode',
      p: 'Text that starts with !# becomes a clock. The following letters choose what to show: m adds minutes, s seconds, d the weekday and D the date as dd.mm.yy. The display below reads the same clock your computer shows.',
      segmentDisplay: { text: '!#msdD', size: 24, dayVersion: 'short' },
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
  prisoner: [
    {
      h2: 'The puzzle',
      p: puzzleParagraph,
    },
    {
      h2: 'The loop strategy',
      p: loopParagraph,
      img: 'prisoner-cycles.svg',
      alt: 'Boxes connected by arrows into three loops of different lengths.',
    },
    {
      h2: 'Built to be replayed',
      p: 'Every game starts from a seed, a whole number that drives a small, fast random number generator. The same seed always produces the same shuffle, so any run you find interesting can be shared and replayed exactly. The lab runs games in Web Workers so the page stays responsive while millions of trials are counted, and stopping a run ends the worker immediately.',
      code: `const rng = createRng(seed);
const slips = randomArrangement(100, rng);
const longest = cycleStructure(slips).cycles[0].boxes.length;
const everyoneFree = longest <= 50;`,
    },
    {
      h2: 'What was hard',
      p: 'Keeping the page smooth while a lot happens. Automatic play runs in a worker and sends the boxes it opens in batches, one batch per frame; the 3D grid is drawn in a worker of its own where the browser allows it, so even software-rendered WebGL never holds up the page; and the lab reports counts, never single trials. The exact probabilities were the other trap: for small guess limits the textbook formula subtracts nearly equal numbers, so the lab uses a recurrence that never subtracts and checks itself against exact fractions.',
    },
    {
      h2: 'What I learned',
      p: 'Measuring before optimising: the first simulation ran about 100 thousand games a second; keeping the generator’s state in local integers and reusing one array made it more than ten times faster. And an animated 3D grid needs an equally good twin made of plain buttons, so keyboard and screen-reader users can play the same game.',
    },
  ],
  'ntnu-capmap': [
    {
      h2: 'Why another map',
      p: 'Every autumn, new students stand outside the wrong building five minutes before their first lecture. Room codes such as S6 or EL5 say little about where a room actually is, and the fastest answer was usually to ask someone. CapMap makes that answer take one search.',
    },
    {
      h2: 'Data and search',
      p: 'Building outlines come from OpenStreetMap. The rooms, floors and best entrances I collected by walking the campus with a notebook during the first weeks of term. Search matches room codes, building names and common nicknames, and ranks exact code matches first so “R1” never loses to “R10”.',
      img: 'ntnu-capmap-search.svg',
      alt: 'The search field with the query S6 and a result card showing building, floor and entrance.',
      smallImage: true,
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
  'css-art': [
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
};

/** Every project with its detail blocks, in the order of the project list. */
export const detailedProjects: readonly Project[] = projects.map((project) => ({
  ...project,
  detailed: details[project.link] ?? [],
}));

/** The project with this slug and its detail blocks, or undefined. */
export function findProject(slug: string): Project | undefined {
  return detailedProjects.find((project) => project.link === slug);
}
