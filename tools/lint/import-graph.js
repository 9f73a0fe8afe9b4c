// @ts-check
// The project's import graph, read from the files themselves: every relative import of a source
// file (type-only imports, re-exports, dynamic imports and worker URLs included), and its
// cycles. Plain JavaScript, so ESLint's configuration can load it without a compiler.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Source files whose imports count: TypeScript and JavaScript modules. */
export const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/;
/** A worker started from a module URL: `new URL('./x.worker.ts', import.meta.url)`. */
const WORKER_URL = /new\s+URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g;

/**
 * The relative specifiers a module imports, in order: static imports and re-exports (type-only
 * ones too: a cycle of types is still a cycle of ideas), dynamic imports and worker URLs.
 * @param {string} text the module's source
 * @returns {string[]}
 */
export function importedSpecifiers(text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const specifiers = importedFiles.map((file) => file.fileName);
  for (const match of text.matchAll(WORKER_URL)) specifiers.push(/** @type {string} */ (match[1]));
  return specifiers.filter(
    (specifier) => specifier.startsWith('./') || specifier.startsWith('../'),
  );
}

/**
 * The repository-relative path a specifier of `from` names.
 * @param {string} from repository-relative path of the importing file
 * @param {string} specifier a relative specifier
 */
export function resolveSpecifier(from, specifier) {
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
}

/**
 * The graph of `files` (repository-relative path → source text): each file's imports among them.
 * @param {Map<string, string>} files
 * @returns {Map<string, string[]>}
 */
export function importGraph(files) {
  const graph = new Map();
  for (const [file, text] of files) {
    const targets = importedSpecifiers(text)
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target) => files.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The cycles of a graph: its strongly connected components of more than one file, and files
 * that import themselves (Tarjan's algorithm, iterative so deep graphs cannot overflow the stack).
 * @param {Map<string, string[]>} graph
 * @returns {string[][]} each cycle's files, sorted; the cycles sorted by their first file
 */
export function importCycles(graph) {
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  const onStack = new Set();
  /** @type {string[]} */
  const stack = [];
  /** @type {string[][]} */
  const cycles = [];
  /** @param {string} node */
  const lowOf = (node) => /** @type {number} */ (low.get(node));
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = /** @type {{ node: string; edge: number }} */ (work[work.length - 1]);
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = /** @type {string} */ (edges[frame.edge++]);
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(
            frame.node,
            Math.min(lowOf(frame.node), /** @type {number} */ (index.get(target))),
          );
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(lowOf(parent.node), lowOf(frame.node)));
      if (lowOf(frame.node) !== index.get(frame.node)) continue;
      const component = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfImport) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

/**
 * A shortest path of imports from `from` to `to` inside one cycle, both ends included.
 * @param {Map<string, string[]>} graph
 * @param {string} from
 * @param {string} to
 * @param {Set<string>} within
 */
export function importPath(graph, from, to, within) {
  /** @type {Map<string, string>} */
  const previous = new Map([[from, '']]);
  const queue = [from];
  while (queue.length > 0) {
    const node = /** @type {string} */ (queue.shift());
    for (const target of graph.get(node) ?? []) {
      if (!within.has(target) || previous.has(target)) continue;
      previous.set(target, node);
      if (target === to) {
        const route = [to];
        for (let at = node; at !== ''; at = previous.get(at) ?? '') route.unshift(at);
        return route;
      }
      queue.push(target);
    }
  }
  return null;
}

/**
 * Every source file below `folders` of `root` (node_modules and build output left out), with its
 * text, keyed by its repository-relative path.
 * @param {string} root
 * @param {string[]} folders
 */
export function readSources(root, folders) {
  const files = new Map();
  for (const folder of folders) {
    let names;
    try {
      names = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const name of names) {
      if (!SOURCE.test(name) || name.split(path.sep).includes('node_modules')) continue;
      const file = path.posix.join(folder, name.split(path.sep).join('/'));
      files.set(file, readFileSync(path.join(root, file), 'utf8'));
    }
  }
  return files;
}
