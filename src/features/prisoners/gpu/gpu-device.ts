/**
 * A WebGPU device for the lab's kernels, from a browser's `navigator.gpu` (in a worker) or from
 * the `webgpu` package in Node. Without WebGPU or an adapter the answer names what is missing.
 */

/** A device and the adapter it came from. */
export interface GpuDeviceInfo {
  device: GPUDevice;
  /** The adapter as its driver names it, e.g. "NVIDIA GeForce RTX 4070" or "SwiftShader driver 5.0.0". */
  adapterName: string;
  /** A software rasteriser (SwiftShader, llvmpipe): usually slower than the CPU workers. */
  software: boolean;
}

export type GpuDeviceRequest = GpuDeviceInfo | { missing: string };

export const NO_WEBGPU = 'This browser does not offer WebGPU.';
export const NO_ADAPTER = 'WebGPU found no graphics adapter on this device.';

/** A device from the first high-performance adapter of `gpu`, with its largest storage limits. */
export async function requestGpuDevice(gpu: GPU | undefined): Promise<GpuDeviceRequest> {
  if (!gpu) return { missing: NO_WEBGPU };
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (error) {
    return { missing: `${NO_ADAPTER} (${(error as Error).message})` };
  }
  if (!adapter) return { missing: NO_ADAPTER };
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
    },
  });
  return { device, ...describeAdapter(adapter.info) };
}

/** The adapter's name as its driver gives it, and whether it is a software rasteriser. */
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
