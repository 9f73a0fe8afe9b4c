// The site of an earlier revision, built for `npm run bench -- --before <revision>`: the revision
// is checked out into a temporary worktree (sharing this checkout's node_modules) and built with
// its own `npm run build` into a folder of its own, so its pages can be measured beside today's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Builds `revision`'s site; returns the folder of its build. Throws when it cannot. */
export function buildSiteOf(revision: string): string {
  const tree = mkdtempSync(join(tmpdir(), `bench-site-${revision}-`));
  const dist = `${tree}-dist`;
  execFileSync('git', ['worktree', 'add', '--detach', '--force', tree, revision], {
    stdio: 'ignore',
  });
  try {
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));
    execFileSync('npm', ['run', '-s', 'build'], {
      cwd: tree,
      env: { ...process.env, E2E_DIST: dist },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
  }
  return dist;
}
