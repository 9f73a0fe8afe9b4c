// Which files a run mutates: a part's groups, the engine files no group (or two) names, the
// groups narrowed by --only, and whether a file is among those a `mutate` list names.
import path from 'node:path';
import type { Group, Part } from './parts.ts';

/** The groups of a part, by name (a part of one group is named after itself). */
export function groupsOf(name: string, part: Part): [string, Group][] {
  return 'groups' in part
    ? Object.entries(part.groups)
    : [[name, { mutate: part.mutate, testFiles: part.testFiles }]];
}

/** The files of `folder` (not tests) that no group of `part` mutates, and those two or more do. */
export function ungrouped(part: Part, folder: string, files: string[]) {
  const mutated = groupsOf('', part).flatMap(([, group]) => group.mutate);
  const sources = files
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `${folder}/${file}`);
  return {
    missing: sources.filter((file) => !mutated.includes(file)),
    twice: sources.filter((file) => mutated.filter((entry) => entry === file).length > 1),
  };
}

const matches = (file: string, pattern: string) =>
  /[*?{[]/.test(pattern) ? path.matchesGlob(file, pattern) : file === pattern;

/**
 * What each of a part's groups mutates this time: all its files, or with --only the ones it
 * names (groups it names none of are left out). A part of one group mutates --only as given.
 */
export function runsOf(name: string, part: Part, only: string[] | undefined): [string, Group][] {
  if (!only) return groupsOf(name, part);
  if (!('groups' in part)) return [[name, { mutate: only, testFiles: part.testFiles }]];
  return groupsOf(name, part).flatMap(([group, { mutate, testFiles }]): [string, Group][] => {
    const narrowed = mutate.filter((file) => only.some((pattern) => matches(file, pattern)));
    return narrowed.length > 0 ? [[group, { mutate: narrowed, testFiles }]] : [];
  });
}

/** Whether `file` is among the files a `mutate` list (globs, `!` excluding) names. */
export function mutated(file: string, mutate: string[]): boolean {
  const included = mutate.some((pattern) => !pattern.startsWith('!') && matches(file, pattern));
  return included && !mutate.some((p) => p.startsWith('!') && matches(file, p.slice(1)));
}
