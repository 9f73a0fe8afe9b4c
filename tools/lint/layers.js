// @ts-check
// The layers of the project and which may import which: a pure engine, then the runtime that
// runs it (workers, bridge, pool, GPU, the Node host), then the views; shared UI, content and
// configuration below every page and feature; tooling that the site never imports.

const PRISONERS = 'src/features/prisoners';

/**
 * Each layer: the folders (or files) it holds, longest match wins, and the layers it may import
 * besides itself. A feature's files at its root are its entry modules: the only ones reached
 * from outside the feature.
 * @type {{ name: string; holds: string[]; may: string[] }[]}
 */
export const LAYERS = [
  { name: 'engine', holds: [`${PRISONERS}/engine`], may: [] },
  { name: 'runtime', holds: [`${PRISONERS}/runtime`], may: ['engine'] },
  { name: 'gpu', holds: [`${PRISONERS}/gpu`], may: ['engine', 'runtime'] },
  { name: 'grid', holds: [`${PRISONERS}/grid`], may: ['engine', 'runtime', 'shared'] },
  {
    name: 'simulation',
    holds: [`${PRISONERS}/simulation`],
    may: ['engine', 'runtime', 'grid', 'shared'],
  },
  {
    name: 'lab',
    holds: [`${PRISONERS}/lab`],
    may: ['engine', 'runtime', 'gpu', 'simulation', 'shared'],
  },
  {
    name: 'prisoners entry',
    holds: [PRISONERS],
    may: ['engine', 'runtime', 'gpu', 'grid', 'simulation', 'lab', 'shared'],
  },
  { name: 'segment playground', holds: ['src/features/segment-playground'], may: ['shared'] },
  { name: 'shared', holds: ['src/components', 'src/content', 'src/config'], may: [] },
  { name: 'pages', holds: ['src/pages'], may: ['shared', 'feature entries'] },
  {
    name: 'app',
    holds: ['src/app', 'src/main.tsx', 'src/entry-server.tsx'],
    may: ['pages', 'shared', 'feature entries'],
  },
  { name: 'cli', holds: ['cli'], may: ['engine', 'runtime', 'gpu'] },
  { name: 'tools', holds: ['tools'], may: ['site', 'cli'] },
  { name: 'e2e', holds: ['e2e'], may: ['site', 'cli', 'tools', 'testing'] },
  { name: 'testing', holds: ['src/testing'], may: ['site', 'cli'] },
];

/**
 * Names that stand for several layers in `may`.
 * @type {Record<string, string[]>}
 */
const GROUPS = {
  site: LAYERS.filter((layer) => layer.holds.some((held) => held.startsWith('src/')))
    .map((layer) => layer.name)
    .filter((name) => name !== 'testing'),
};

/** @param {string} held @param {string} file */
const holds = (held, file) => file === held || file.startsWith(`${held}/`);

/**
 * The layer of a repository-relative file, or null for files outside every layer.
 * @param {string} file
 */
export function layerOf(file) {
  let best = null;
  let length = -1;
  for (const layer of LAYERS) {
    for (const held of layer.holds) {
      if (holds(held, file) && held.length > length) [best, length] = [layer, held.length];
    }
  }
  return best;
}

/**
 * The feature a file belongs to (`src/features/<name>`), and whether it is one of its entries.
 * @param {string} file
 */
function featureOf(file) {
  const match = /^src\/features\/([^/]+)\/(.+)$/.exec(file);
  return match ? { name: String(match[1]), entry: !String(match[2]).includes('/') } : null;
}

/**
 * Why `from` may not import `to` (both repository-relative), or null when it may.
 * @param {string} from
 * @param {string} to
 */
export function forbiddenImport(from, to) {
  const source = layerOf(from);
  const target = layerOf(to);
  if (!source || !target || source === target) return null;
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (toFeature && fromFeature?.name !== toFeature.name) {
    if (fromFeature) {
      return `Features do not import each other: ${from} reaches into ${toFeature.name}.`;
    }
    if (source.may.includes('feature entries')) {
      return toFeature.entry
        ? null
        : `${source.name} reach a feature only through its entry modules (the files at the root of src/features/${toFeature.name}), not ${to}.`;
    }
  }
  const allowed = source.may.flatMap((name) => GROUPS[name] ?? [name]);
  if (allowed.includes(target.name)) return null;
  return `The ${source.name} layer does not import the ${target.name} layer (${to}).`;
}
