/**
 * WebGPU in Node through the `webgpu` package (Dawn), for the command line, the bench and the
 * GPU identity tests. Without an adapter the answer says what is missing instead of throwing.
 */
import { existsSync } from 'node:fs';
import type * as Webgpu from 'webgpu';

/** Chromium's SwiftShader Vulkan driver: the software adapter the tests use on machines without a GPU. */
export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

let instance: GPU | undefined;

export type NodeGpu =
  { device: GPUDevice; adapterName: string; software: boolean } | { missing: string };

/**
 * A device from the first adapter Dawn offers. `icd` names a Vulkan driver manifest to use
 * instead of the system's (it must be set before Dawn loads Vulkan, so before the first call).
 */
export async function requestNodeGpu(options: { icd?: string } = {}): Promise<NodeGpu> {
  if (options.icd !== undefined) {
    if (!existsSync(options.icd)) return { missing: `No Vulkan driver at ${options.icd}.` };
    process.env.VK_ICD_FILENAMES ??= options.icd;
  }
  let webgpu: typeof Webgpu;
  try {
    webgpu = await import('webgpu');
  } catch (error) {
    return { missing: `The webgpu package does not load here (${(error as Error).message}).` };
  }
  Object.assign(globalThis, webgpu.globals);
  // Dawn lives as long as this object does: dropped, it would be collected under a running device.
  instance ??= webgpu.create([]);
  const gpu = instance;
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) {
    return {
      missing:
        'No WebGPU adapter: Dawn found no Vulkan, Metal or D3D12 device (install a GPU driver, or libvulkan1 and a Vulkan driver).',
    };
  }
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
    },
  });
  return { device, ...describeAdapter(adapter.info) };
}

/** The adapter's name as people know it, and whether it is a software rasteriser. */
export function describeAdapter(info: GPUAdapterInfo): { adapterName: string; software: boolean } {
  const adapterName =
    info.description ||
    [info.vendor, info.architecture].filter(Boolean).join(' ') ||
    'unnamed adapter';
  const software =
    (info as GPUAdapterInfo & { isFallbackAdapter?: boolean }).isFallbackAdapter === true ||
    /swiftshader|llvmpipe|lavapipe|software/i.test(`${adapterName} ${info.architecture}`);
  return { adapterName, software };
}
