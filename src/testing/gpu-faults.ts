/**
 * The GPU worker's API for unit tests, on the devices they hand in (Dawn's, from
 * scripts/node-webgpu.ts), and the faults they inject from outside it: a device lost after the
 * run's first wave, as a driver reset loses it.
 */
import type { GpuDeviceRequest } from '../features/prisoners/gpu/gpu-device.ts';
import { createGpuWorkerApi, type GpuWorkerApi } from '../features/prisoners/gpu/gpu-worker-api.ts';

/** A GPU worker API on the devices of `request`; `destroyAll` ends every device it got. */
export function testGpuWorkerApi(request: () => Promise<GpuDeviceRequest>): {
  api: GpuWorkerApi;
  devices: GPUDevice[];
  destroyAll(): void;
} {
  const devices: GPUDevice[] = [];
  const requestDevice = async (): Promise<GpuDeviceRequest> => {
    const answer = await request();
    if ('device' in answer) devices.push(answer.device);
    return answer;
  };
  return {
    api: createGpuWorkerApi({ requestDevice }),
    devices,
    destroyAll: () => devices.forEach((device) => device.destroy()),
  };
}

/** `api`, except that its device is destroyed right after a run has sent its first wave. */
export function losesDeviceAfterFirstWave(api: GpuWorkerApi, devices: GPUDevice[]): GpuWorkerApi {
  return {
    ...api,
    runLayout: (layout, options, send) => {
      let waves = 0;
      return api.runLayout(layout, options, (message) => {
        send(message);
        if (message.kind === 'wave' && ++waves === 1) devices.at(-1)!.destroy();
      });
    },
  };
}
