import { ChoiceGroup } from '../../../components/choice-group.tsx';
import {
  checkedDevice,
  deviceHint,
  gpuOffReason,
  type DeviceOption,
  type GpuAvailability,
} from './device-choice.ts';

interface DeviceFieldProps {
  /** The draft's device: "gpu", "cpu", blank for the faster, or anything an address says. */
  asked: string;
  gpu: GpuAvailability;
  error: string | undefined;
  disabled: boolean;
  /** The device asked for from now on; blank for the faster of the two. */
  onChange(device: string): void;
  className?: string | undefined;
  optionsClassName?: string | undefined;
  optionClassName?: string | undefined;
}

const FASTER_LABEL = 'Faster of the two';

/**
 * The Device group: the faster of the two (measured on the first run), the GPU or the CPU
 * workers. The device that will run is always the one checked, and the notes under the buttons
 * name it; without WebGPU the GPU is off with its reason, the CPU workers checked, and no
 * "faster" to choose.
 */
export function DeviceField({
  asked,
  gpu,
  error,
  disabled,
  onChange,
  ...classes
}: DeviceFieldProps) {
  const checked = checkedDevice(asked, gpu);
  const options: { value: DeviceOption; label: string; disabledReason?: string }[] = [
    { value: 'gpu', label: 'GPU (WebGPU)', disabledReason: gpuOffReason(gpu) },
    { value: 'cpu', label: 'CPU workers' },
  ];
  if (gpu.state !== 'missing') options.unshift({ value: 'faster', label: FASTER_LABEL });
  return (
    <ChoiceGroup
      {...classes}
      legend="Device"
      name="device"
      value={checked}
      options={options}
      hint={deviceHint(checked, gpu)}
      error={error}
      validated
      disabled={disabled}
      onChange={(choice) => onChange(choice === 'faster' ? '' : choice)}
    />
  );
}
