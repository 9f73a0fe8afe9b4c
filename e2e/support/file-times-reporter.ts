import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import {
  formatFileTimes,
  mergeFileTimes,
  readFileTimes,
  type MeasuredFile,
} from '../../tools/test-order/file-times.ts';
import { FILE_TIMES, repositoryPath } from './sequencer.ts';

/**
 * The time a file held its worker: its environment, the harness, importing it, its setup files,
 * and its tests and hooks (its browser's launch included).
 */
function heldMs(module: TestModule): number {
  const d = module.diagnostic();
  return (
    d.environmentSetupDuration +
    d.prepareDuration +
    d.collectDuration +
    d.setupDuration +
    d.duration
  );
}

/**
 * After each run, records in FILE_TIMES how long each browser file took, for the sequencer's
 * next order. Only files whose every test ran and passed are measured; the others, and files not
 * in this run, keep their earlier times.
 */
export default class FileTimesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const path = join(this.root, FILE_TIMES);
    const measured: MeasuredFile[] = modules.map((module) => ({
      file: repositoryPath(this.root, module.moduleId),
      ms: heldMs(module),
      complete:
        module.state() === 'passed' &&
        [...module.children.allTests()].every((test) => test.result().state === 'passed'),
    }));
    // An unreadable file (say, a merge conflict) is replaced by this run's times.
    const merged = mergeFileTimes(readFileTimes(path).times, measured, (file) =>
      existsSync(join(this.root, file)),
    );
    const text = formatFileTimes(merged);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) writeFileSync(path, text);
  }
}
