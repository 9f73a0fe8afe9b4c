// The project's own lint rules: kebab-case file names, the layers (tools/lint/layers.js), and no
// import cycles, type-only imports included (tools/lint/import-graph.js).
import path from 'node:path';
import { forbiddenImport } from './layers.js';
import {
  importCycles,
  importGraph,
  importPath,
  readSources,
  resolveSpecifier,
} from './import-graph.js';

/** File names are kebab-case: lower-case words joined by hyphens, then their extensions. */
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)+$/;

/** The folders whose modules import each other. */
const SOURCE_FOLDERS = ['src', 'cli', 'tools', 'e2e'];

const relativePath = (context) =>
  path.relative(context.cwd, context.physicalFilename).split(path.sep).join('/');

/** Every node of a module that names another module by a string: imports, re-exports, workers. */
function moduleReferences(report) {
  const check = (node, source) => {
    if (source?.type === 'Literal' && typeof source.value === 'string') report(node, source.value);
  };
  return {
    ImportDeclaration: (node) => check(node, node.source),
    ExportNamedDeclaration: (node) => check(node, node.source),
    ExportAllDeclaration: (node) => check(node, node.source),
    ImportExpression: (node) => check(node, node.source),
    NewExpression(node) {
      const [url, base] = node.arguments;
      const isModuleUrl =
        node.callee.type === 'Identifier' &&
        node.callee.name === 'URL' &&
        base?.type === 'MemberExpression' &&
        base.object.type === 'MetaProperty';
      if (isModuleUrl) check(node, url);
    },
  };
}

const filenameCase = {
  meta: { type: 'suggestion', messages: { kebab: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program(node) {
        if (!KEBAB_CASE.test(name)) context.report({ node, messageId: 'kebab', data: { name } });
      },
    };
  },
};

const layers = {
  meta: { type: 'problem', messages: { layer: '{{reason}}' } },
  create(context) {
    const from = relativePath(context);
    return moduleReferences((node, specifier) => {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return;
      const reason = forbiddenImport(from, resolveSpecifier(from, specifier));
      if (reason) context.report({ node, messageId: 'layer', data: { reason } });
    });
  },
};

/** The graph and its cycles, read once per lint run and project. */
const graphs = new Map();
function cyclesOf(root) {
  let found = graphs.get(root);
  if (!found) {
    const graph = importGraph(readSources(root, SOURCE_FOLDERS));
    const byFile = new Map();
    for (const cycle of importCycles(graph)) for (const file of cycle) byFile.set(file, cycle);
    found = { graph, byFile };
    graphs.set(root, found);
  }
  return found;
}

const noCycle = {
  meta: { type: 'problem', messages: { cycle: 'Import cycle: {{route}}.' } },
  create(context) {
    const from = relativePath(context);
    const { graph, byFile } = cyclesOf(context.cwd);
    const cycle = byFile.get(from);
    if (!cycle) return {};
    const within = new Set(cycle);
    return moduleReferences((node, specifier) => {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) return;
      const target = resolveSpecifier(from, specifier);
      if (!within.has(target)) return;
      const back = importPath(graph, target, from, within) ?? [target, from];
      context.report({ node, messageId: 'cycle', data: { route: [from, ...back].join(' → ') } });
    });
  },
};

export const portfolioRules = {
  'filename-case': filenameCase,
  layers,
  'no-cycle': noCycle,
};
