import { join, relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst, readFileTimes } from '../../tools/test-order/file-times.ts';

/** Where each browser file's latest measured time is kept (written by file-times-reporter.ts). */
export const FILE_TIMES = 'e2e/file-times.json';

/** A file's path from the repository root, with forward slashes: the key of its time. */
export const repositoryPath = (root: string, file: string) =>
  relative(root, file).split(sep).join('/');

/**
 * Runs the browser files longest first, by their times in FILE_TIMES. Two files run at a time,
 * so starting the long ones first keeps both workers busy to the end instead of leaving one long
 * file running alone. A file with no time (new, or renamed) runs before all of them: it may be
 * long, and the next run records its time.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const { times, problem } = readFileTimes(join(root, FILE_TIMES));
    if (problem) this.ctx.logger.warn(`${problem}: every browser file counts as unknown`);
    const { order, unknown } = longestFirst(
      await super.sort(files),
      (file) => repositoryPath(root, file.moduleId),
      times,
    );
    for (const file of unknown) {
      this.ctx.logger.log(`${file}: no recorded time in ${FILE_TIMES}; it runs first`);
    }
    return order;
  }
}
