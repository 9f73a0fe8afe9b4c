/**
 * WebGPU in Node through the `webgpu` package (Dawn), for the command line, the bench and the
 * GPU identity tests. Without an adapter the answer says what is missing instead of throwing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type * as Webgpu from 'webgpu';
import {
  requestGpuDevice,
  type GpuDeviceRequest,
} from '../src/features/prisoners/gpu/gpu-device.ts';

/** Chromium's SwiftShader Vulkan driver: the software adapter the tests use on machines without a GPU. */
export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

// Dawn lives as long as this object does: dropped, it is collected under a running device, and
// the process dies in Dawn's threads.
let instance: GPU | undefined;

/**
 * A device from the first adapter Dawn offers. `icd` names a Vulkan driver manifest to use when
 * VK_ICD_FILENAMES names none (it must be set before Dawn loads Vulkan, so before the first call).
 */
export async function requestNodeGpu(options: { icd?: string } = {}): Promise<GpuDeviceRequest> {
  if (options.icd !== undefined) {
    if (!existsSync(options.icd)) return { missing: `No Vulkan driver at ${options.icd}.` };
    process.env.VK_ICD_FILENAMES ??= options.icd;
  }
  if (!instance) {
    let webgpu: typeof Webgpu;
    try {
      webgpu = await import('webgpu');
    } catch (error) {
      return { missing: `The webgpu package does not load here (${(error as Error).message}).` };
    }
    Object.assign(globalThis, webgpu.globals);
    instance = webgpu.create([]);
  }
  const request = await requestGpuDevice(instance);
  return 'missing' in request ? { missing: NO_NODE_ADAPTER } : request;
}

const NO_NODE_ADAPTER =
  'No WebGPU adapter: Dawn found no Vulkan, Metal or Direct3D 12 device (a GPU driver, or libvulkan1 with a Vulkan driver, is missing).';

/**
 * Whether Dawn finds an adapter, asked in a child process: Dawn writes its warnings about the
 * drivers it refuses straight to the process's stderr, and a command line that has no adapter
 * should say so in one line of its own.
 */
export function nodeGpuAvailable(): { available: true } | { missing: string } {
  const probe = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { create, globals } from 'webgpu'; Object.assign(globalThis, globals);" +
        'const adapter = await create([]).requestAdapter();' +
        "process.stdout.write(adapter ? 'yes' : 'no');",
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  if (probe.stdout === 'yes') return { available: true };
  if (probe.stdout === 'no') return { missing: NO_NODE_ADAPTER };
  return { missing: 'The webgpu package does not load here.' };
}
