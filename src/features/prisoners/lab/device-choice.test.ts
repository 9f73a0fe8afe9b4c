// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  calibrationNote,
  checkedDevice,
  chooseDevice,
  choiceAfterCalibration,
  fasterDevice,
  formatRate,
  probeWebGpu,
} from './device-choice.ts';

const adapter = { adapterName: 'NVIDIA GeForce RTX 4070' };
const missing = { missing: 'WebGPU found no graphics adapter on this device.' };

describe("the lab's choice of device", () => {
  it('runs where the address says when it can, and says why it cannot', () => {
    expect(chooseDevice('cpu', adapter, null)).toEqual({ device: 'cpu', note: null });
    expect(chooseDevice('gpu', adapter, null)).toEqual({
      device: 'gpu',
      adapterName: 'NVIDIA GeForce RTX 4070',
      note: null,
    });
    // Asked for the GPU without one: the CPU workers, with a notice naming what is missing.
    expect(chooseDevice('gpu', missing, { gpu: 9e9, cpu: 1 })).toEqual({
      device: 'cpu',
      note: 'WebGPU found no graphics adapter on this device. This run uses the CPU workers instead.',
    });
    // Nothing asked for and no GPU: the CPU workers, nothing to explain.
    expect(chooseDevice(undefined, missing, null)).toEqual({ device: 'cpu', note: null });
  });

  it('measures both on the first open choice, then keeps to the faster', () => {
    expect(chooseDevice(undefined, adapter, null)).toEqual({
      device: 'calibrate',
      adapterName: 'NVIDIA GeForce RTX 4070',
    });
    const software = { gpu: 19_200, cpu: 3_140_000 };
    const card = { gpu: 812e6, cpu: 41e6 };
    expect(chooseDevice(undefined, adapter, software)).toEqual({
      device: 'cpu',
      note: 'Measured on the first run: GPU: 19.2 k trials/s, CPU: 3.14 M trials/s; runs use the CPU workers, the faster here.',
    });
    expect(choiceAfterCalibration(card, 'RTX')).toEqual({
      device: 'gpu',
      adapterName: 'RTX',
      note: 'Measured on the first run: GPU: 812 M trials/s, CPU: 41.0 M trials/s; runs use the GPU, the faster here.',
    });
    // A tie, or a GPU that counted nothing, leaves the run on the CPU workers.
    expect(fasterDevice({ gpu: 5, cpu: 5 })).toBe('cpu');
    expect(fasterDevice({ gpu: 0, cpu: 0 })).toBe('cpu');
    expect(calibrationNote({ gpu: 2.5e9, cpu: 999 })).toBe(
      'Measured on the first run: GPU: 2.50 G trials/s, CPU: 999 trials/s; runs use the GPU, the faster here.',
    );
  });

  it('writes rates with three significant digits', () => {
    expect([1, 12.34, 999, 1000, 45_678, 812e6, 1.5e9].map(formatRate)).toEqual([
      '1.00 trials/s',
      '12.3 trials/s',
      '999 trials/s',
      '1.00 k trials/s',
      '45.7 k trials/s',
      '812 M trials/s',
      '1.50 G trials/s',
    ]);
  });

  it('finds WebGPU missing without navigator.gpu, or without an adapter, and says so', async () => {
    await expect(probeWebGpu(undefined)).resolves.toEqual({
      state: 'missing',
      reason: 'This browser does not offer WebGPU.',
    });
    const noAdapter = { requestAdapter: async () => null } as unknown as GPU;
    await expect(probeWebGpu(noAdapter)).resolves.toEqual({
      state: 'missing',
      reason: 'WebGPU found no graphics adapter on this device.',
    });
    const refuses = {
      requestAdapter: async () => {
        throw new Error('blocked by policy');
      },
    } as unknown as GPU;
    await expect(probeWebGpu(refuses)).resolves.toEqual({
      state: 'missing',
      reason: 'WebGPU found no graphics adapter on this device. (blocked by policy)',
    });
  });
});

describe('the Device group', () => {
  it('checks the device that will run: the CPU without WebGPU, else the one asked, else the faster', () => {
    const missing = { state: 'missing', reason: 'No.' } as const;
    const available = { state: 'available' } as const;
    expect(
      ['gpu', 'cpu', '', ' gpu ', 'tpu'].map((asked) => checkedDevice(asked, missing)),
    ).toEqual(['cpu', 'cpu', 'cpu', 'cpu', '']);
    expect(
      ['gpu', 'cpu', '', ' gpu ', 'tpu'].map((asked) => checkedDevice(asked, available)),
    ).toEqual(['gpu', 'cpu', 'faster', 'gpu', '']);
    expect(checkedDevice('', { state: 'checking' })).toBe('faster');
  });
});
