import { defineConfig } from 'vitest/config';
import FileTimesReporter from './support/file-times-reporter.ts';
import LongestFirst from './support/sequencer.ts';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    // Hang guards, not speed limits: two files share two cores, and a busy machine is slower.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state the page must reach; its limit is a hang guard as well. It
    // asks every 250 ms, not every 50: many of its questions are screenshots (a fifth of a second
    // of the browser's and Node's time each), and asked back to back they kept a core busy.
    expect: { poll: { timeout: 30_000, interval: 250 } },
    // Two files at a time, each with its own browser: the browsers keep the two cores busy (a
    // third file made every file half as slow again). No test asserts a duration (the bench
    // measures those).
    fileParallelism: true,
    maxWorkers: 2,
    // Each worker loads Playwright, axe and the engine's modules once, not once per file (a third
    // of a file's start-up, on a machine whose two cores are busy with browsers). The state kept
    // between files is the worker's browsers and the page each holds between tests, cleaned to a
    // first visit (e2e/support/browser.ts, e2e/support/watched-page.ts).
    isolate: false,
    // Longest first, by each file's time in its latest complete run (e2e/file-times.json), which
    // the reporter updates after every run.
    sequence: { sequencer: LongestFirst },
    reporters: ['default', new FileTimesReporter()],
  },
});
