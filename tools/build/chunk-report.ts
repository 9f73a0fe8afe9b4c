import type { Plugin } from 'vite';

/** Modules whose code must stay off the light pages: 3D rendering and simulation workers. */
export const heavyModulePattern = /node_modules\/(three|@react-three)\/|\/workers\//;

/**
 * Writes .vite/chunk-modules.json: for each emitted JavaScript file, the 3D or worker code it
 * holds, so that the budget check can name what a page loaded.
 */
export function chunkReport(): Plugin {
  return {
    name: 'portfolio:chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, { heavy: string[]; modules: number }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset') {
          // The only scripts emitted as plain assets are the separately bundled workers.
          if (output.fileName.endsWith('.js'))
            report[output.fileName] = { heavy: ['worker'], modules: 0 };
          continue;
        }
        const heavy = new Set<string>();
        for (const id of output.moduleIds) {
          const match = heavyModulePattern.exec(id.replaceAll('\\', '/'));
          if (match) heavy.add(match[1] ?? 'workers');
        }
        report[output.fileName] = { heavy: [...heavy].sort(), modules: output.moduleIds.length };
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(report, null, 2),
      });
    },
  };
}
