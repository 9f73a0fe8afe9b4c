/**
 * Which device runs a lab run: the one asked for in the address when it can, the CPU workers
 * when WebGPU cannot (with a notice saying why), and otherwise whichever a short calibration on
 * the first run found faster (saying so, with both figures).
 */
import { NO_ADAPTER, NO_WEBGPU } from '../gpu/gpu-device.ts';
import type { Device } from '../engine/types.ts';

/**
 * Whether this page can run the GPU worker, and if not, why (the reason names WebGPU); once the
 * first run left to the page has measured both devices, which was the faster.
 */
export type GpuAvailability =
  | { state: 'checking' }
  | { state: 'available'; faster?: Device }
  | { state: 'missing'; reason: string };

/** Asks `gpu` (the page's `navigator.gpu`) for an adapter, as the GPU worker will. */
export async function probeWebGpu(gpu: GPU | undefined): Promise<GpuAvailability> {
  if (!gpu) return { state: 'missing', reason: NO_WEBGPU };
  try {
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    return adapter ? { state: 'available' } : { state: 'missing', reason: NO_ADAPTER };
  } catch (error) {
    return { state: 'missing', reason: `${NO_ADAPTER} (${(error as Error).message})` };
  }
}

/** Each device's measured speed on the first run, trials per second (the CPU: the whole pool). */
export interface Calibration {
  gpu: number;
  cpu: number;
}

/** Each device is measured this long, one after the other: 200 ms in all at most. */
export const CALIBRATION_MS = 100;

/** The faster device of a calibration; a tie goes to the CPU workers, which start sooner. */
export function fasterDevice({ gpu, cpu }: Calibration): Device {
  return gpu > cpu ? 'gpu' : 'cpu';
}

/** A rate as "812 M trials/s", "41.3 M trials/s", "19.2 k trials/s". */
export function formatRate(perSecond: number): string {
  const [value, unit] =
    perSecond >= 1e9
      ? [perSecond / 1e9, 'G ']
      : perSecond >= 1e6
        ? [perSecond / 1e6, 'M ']
        : perSecond >= 1e3
          ? [perSecond / 1e3, 'k ']
          : [perSecond, ''];
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}trials/s`;
}

/** What the results say about a calibration: both figures, and which device runs. */
export function calibrationNote(calibration: Calibration): string {
  const device = fasterDevice(calibration) === 'gpu' ? 'the GPU' : 'the CPU workers';
  return `Measured on the first run: GPU: ${formatRate(calibration.gpu)}, CPU: ${formatRate(calibration.cpu)}; runs use ${device}, the faster here.`;
}

/** What a run asked for the GPU says when it runs on the CPU workers instead. */
export function fallbackNote(reason: string): string {
  return `${reason} This run uses the CPU workers instead.`;
}

/** The device for a run, and what to say about the choice. */
export type DeviceChoice =
  | { device: 'cpu'; note: string | null }
  | { device: 'gpu'; adapterName: string; note: string | null }
  | { device: 'calibrate'; adapterName: string };

/**
 * The choice before any calibration: `preference` (the address's `device`, or none), what the
 * page knows of WebGPU, and what the GPU worker found (its adapter, or what is missing).
 * `calibrate` asks the caller to measure both devices, then use `choiceAfterCalibration`.
 */
export function chooseDevice(
  preference: Device | undefined,
  worker: { adapterName: string } | { missing: string },
  calibration: Calibration | null,
): DeviceChoice {
  if (preference === 'cpu') return { device: 'cpu', note: null };
  if ('missing' in worker) {
    return { device: 'cpu', note: preference === 'gpu' ? fallbackNote(worker.missing) : null };
  }
  if (preference === 'gpu') return { device: 'gpu', adapterName: worker.adapterName, note: null };
  if (calibration === null) return { device: 'calibrate', adapterName: worker.adapterName };
  return choiceAfterCalibration(calibration, worker.adapterName);
}

/** The faster device of a calibration, with its figures as the note. */
export function choiceAfterCalibration(
  calibration: Calibration,
  adapterName: string,
): Exclude<DeviceChoice, { device: 'calibrate' }> {
  const note = calibrationNote(calibration);
  return fasterDevice(calibration) === 'gpu'
    ? { device: 'gpu', adapterName, note }
    : { device: 'cpu', note };
}

/** A choice of the Device group: a device, or the faster of the two (the address names none). */
export type DeviceOption = Device | 'faster';

/**
 * The Device group's checked choice: the device that will run. Without WebGPU that is the CPU
 * workers, whatever was asked; otherwise the device asked for, or the faster of the two. A value
 * the group does not offer checks nothing (its error says why).
 */
export function checkedDevice(asked: string, gpu: GpuAvailability): DeviceOption | '' {
  const device = asked.trim();
  if (device !== '' && device !== 'gpu' && device !== 'cpu') return '';
  if (gpu.state === 'missing') return 'cpu';
  return device === '' ? 'faster' : device;
}

/** Why the GPU cannot be chosen now, naming where runs go instead; undefined when it can. */
export function gpuOffReason(gpu: GpuAvailability): string | undefined {
  if (gpu.state === 'missing') return `GPU unavailable: ${gpu.reason} Runs use the CPU workers.`;
  if (gpu.state === 'checking') return 'Checking for WebGPU…';
  return undefined;
}

/** What the Device group says of its checked choice: where and how runs go. */
export function deviceHint(checked: DeviceOption | '', gpu: GpuAvailability): string | undefined {
  // Without WebGPU the reason the GPU is off already says that runs use the CPU workers.
  if (gpu.state === 'missing' || checked === '') return undefined;
  if (checked === 'gpu') return 'Runs in a worker on the GPU, in dispatches of a few milliseconds';
  if (checked === 'cpu') return 'Runs in workers on every core but one';
  const faster = gpu.state === 'available' ? gpu.faster : undefined;
  if (faster === undefined) return 'The first run measures both and uses the faster';
  return `Runs on ${faster === 'gpu' ? 'the GPU' : 'the CPU workers'}, measured faster here on the first run`;
}
