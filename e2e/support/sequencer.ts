import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser files that take longest, longest first (the sum of each file's test times in one
 * run of the suite, 2026-11-24). Two files run at a time, so starting the long ones first keeps
 * both workers busy to the end instead of leaving one long file running alone. Files not named
 * here (a few seconds each) follow, as Vitest orders them.
 */
const LONGEST_FIRST = [
  'variants.e2e.ts',
  'every-page.e2e.ts',
  'lab.e2e.ts',
  'prisoner-auto.e2e.ts',
  'prisoner.e2e.ts',
  'segment.e2e.ts',
  'site.e2e.ts',
  'journey.e2e.ts',
  'lab-gpu.e2e.ts',
  'prerender.e2e.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(basename(file.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: unnamed files keep Vitest's order among themselves.
    return rest.sort((a, b) => rank(a) - rank(b));
  }
}
