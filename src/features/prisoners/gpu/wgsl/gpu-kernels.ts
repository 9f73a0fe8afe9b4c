/**
 * The lab's kernels in WGSL, for WebGPU compute: the same trials as literal-kernels.ts and
 * fast-kernels.ts, draw for draw. Each invocation runs one stream of trials: a generator state
 * and a count, carried from dispatch to dispatch in a storage buffer, so a stream run on the GPU
 * in slices ends in the state, and with the tallies, of `literalBatch`/`fastBatch` run on the CPU
 * from the same state for the same count.
 *
 * A job's shader is assembled from named parts: the draw (draw-part.ts), the method
 * (method-part.ts, over the cycle scans of cycle-scan.ts), the strategy (strategy-part.ts) and
 * the tally (tally-part.ts), over the buffers of kernel-layout.ts. The source is generated per
 * job, with n, k, the draw for n and the kernel chosen as in trials.ts, so the shader has no
 * branch on settings.
 */
import { drawPart, SFC32_PART } from './draw-part.ts';
import {
  bindingsPart,
  GPU_WORKGROUP_SIZE,
  gpuHasLiteral,
  RECORDS_PART,
  type GpuKernelSettings,
} from './kernel-layout.ts';
import { methodHelpersPart, streamSetupPart, trialChoicePart } from './method-part.ts';
import { strategyPart, type StrategyPart } from './strategy-part.ts';
import {
  countPart,
  examplePart,
  flushPart,
  STREAM_TALLY_PART,
  tallyOffsetsPart,
} from './tally-part.ts';
import { joinDeclarations, joinStatements } from './wgsl-text.ts';

/**
 * `main`: each invocation runs up to `params.slice` trials of its stream, from the state and
 * count in its record, and writes them back; then the workgroup's counts join the tally.
 */
function mainPart(settings: GpuKernelSettings, strategy: StrategyPart): string {
  const runStream = `if (index < params.streams) {
    ${joinStatements(
      4,
      'var stream = streams[index];',
      'rng = stream.state;',
      streamSetupPart(settings, strategy.literalSetup),
      'let todo = min(stream.total - stream.done, params.slice);',
    )}
    for (var t = 0u; t < todo; t++) {
      ${joinStatements(
        6,
        'let start = rng;',
        'let trial = stream.firstTrial + stream.done + t;',
        trialChoicePart(settings),
        strategy.success,
        STREAM_TALLY_PART,
        examplePart(settings),
      )}
    }
    stream.done += todo;
    stream.state = rng;
    streams[index] = stream;
  }`;
  return `@compute @workgroup_size(${GPU_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  ${joinStatements(2, 'let index = id.x;', runStream, flushPart(settings.n))}
}`;
}

/** The WGSL compute shader for one job; its bindings are kernel-layout.ts's GPU_BINDING. */
export function gpuShaderSource(settings: GpuKernelSettings): string {
  const { n, k, strategy, method } = settings;
  const literal = gpuHasLiteral(settings);
  const parts = strategyPart(settings);
  return `${joinDeclarations(
    `// Lab trials: n = ${n}, k = ${k}, ${strategy}, ${method}.\n${RECORDS_PART}`,
    `const N: u32 = ${n}u;\nconst K: u32 = ${k}u;\n${tallyOffsetsPart(n)}`,
    `${bindingsPart(settings)}\nvar<private> success: bool;`,
    SFC32_PART,
    drawPart(n),
    countPart(n),
    methodHelpersPart(settings),
    literal ? parts.literalHelpers : '',
    literal ? parts.literalTrial : '',
    method === 'fast' ? parts.fastTrial : '',
    mainPart(settings, parts),
  )}\n`;
}
