// `tsx scripts/run-together.ts lint:code typecheck`: runs npm scripts at the same time (each is
// single-threaded, so on a machine with two or more cores they finish in the time of the
// longest), prints each one's output whole when it ends (npm names the script first), and fails
// when any of them fails. A script named after `--live` prints as it goes instead: a long one
// whose progress a reader follows, beside short ones whose whole output comes when they end.
import { spawn } from 'node:child_process';

/** Runs one npm script; resolves with its exit code (1 when it could not start or was killed). */
function run(script: string, live: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      stdio: live ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 1, output: signal ? `${output}killed by ${signal}\n` : output }),
    );
  });
}

const args = process.argv.slice(2);
const liveAt = args.indexOf('--live');
const live = liveAt >= 0 ? args[liveAt + 1] : undefined;
const scripts = args.filter((arg) => arg !== '--live');
if (scripts.length === 0) {
  console.error('run-together: name the npm scripts to run, e.g. lint:code typecheck');
  process.exit(2);
}
const codes = await Promise.all(
  scripts.map(async (script) => {
    const { code, output } = await run(script, script === live);
    process.stdout.write(
      code ? `${output}npm run ${script} failed with exit code ${code}\n` : output,
    );
    return code;
  }),
);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
