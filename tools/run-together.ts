// `tsx scripts/run-together.ts lint:code typecheck`: runs npm scripts at the same time (each is
// single-threaded, so on a machine with two or more cores they finish in the time of the
// longest), prints each one's output whole when it ends (npm names the script first), and fails
// when any of them fails.
import { spawn } from 'node:child_process';

/** Runs one npm script; resolves with its exit code (1 when it could not start or was killed). */
function run(script: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: 1, output: `${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 1, output: signal ? `${output}killed by ${signal}\n` : output }),
    );
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('run-together: name the npm scripts to run, e.g. lint:code typecheck');
  process.exit(2);
}
const codes = await Promise.all(
  scripts.map(async (script) => {
    const { code, output } = await run(script);
    process.stdout.write(
      code ? `${output}npm run ${script} failed with exit code ${code}\n` : output,
    );
    return code;
  }),
);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
