import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultDraft, type SettingsDraft } from '../engine/lab-settings.ts';
import { NO_ADAPTER } from '../gpu/gpu-device.ts';
import type { GpuAvailability } from './device-choice.ts';
import { SettingsForm } from './settings-form.tsx';

const MISSING: GpuAvailability = { state: 'missing', reason: NO_ADAPTER };

function renderForm(
  more: { draft?: Partial<SettingsDraft>; gpu?: GpuAvailability; running?: boolean } = {},
) {
  const onChange = vi.fn();
  const onRun = vi.fn();
  render(
    <SettingsForm
      draft={{ ...defaultDraft(), ...more.draft }}
      errors={{}}
      valid
      running={more.running ?? false}
      gpu={more.gpu ?? MISSING}
      onChange={onChange}
      onRun={onRun}
      onCancel={() => {}}
    />,
  );
  return { onChange, onRun };
}

const device = () => screen.getByRole('radiogroup', { name: 'Device' });
const deviceRadios = () =>
  within(device())
    .getAllByRole('radio')
    .map((radio) => {
      const input = radio as HTMLInputElement;
      return [radio.closest('label')?.textContent, input.value, input.checked, input.disabled];
    });

describe('SettingsForm', () => {
  it('names each typed setting, describes it by its hint and submits it under its field', () => {
    renderForm({ draft: { seed: '' } });
    const form = document.querySelector('form')!;
    for (const [name, hint, field] of [
      ['Prisoners (n)', '1 to 100,000', 'n'],
      ['Guesses per prisoner (k)', '0 to n; half of n is the classic puzzle', 'k'],
      ['Trials', '1 to 1,000,000,000; 1e7 works too', 'trials'],
      ['Seed', 'Blank for a fresh random seed', 'seed'],
    ] as const) {
      const input = screen.getByRole('textbox', { name, description: hint });
      expect(input).toHaveAttribute('name', field);
      expect(input).toHaveAttribute('inputmode', 'numeric');
    }
    expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveAttribute('placeholder', 'random');
    expect(screen.getByRole('combobox', { name: 'Strategy' })).toHaveValue('cycle');
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveValue('literal');
    expect([...new FormData(form)]).toEqual([
      ['n', '100'],
      ['k', '50'],
      ['trials', '1000000'],
      ['strategy', 'cycle'],
      ['method', 'literal'],
      ['seed', ''],
    ]);
  });

  it('reports a typed setting under its field', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Trials' }), '0');
    expect(onChange.mock.calls).toEqual([['trials', '10000000']]);
  });

  it('turns the GPU off and says why where WebGPU is missing, adding where runs go if it was asked for', () => {
    renderForm({ draft: { device: 'gpu' } });
    expect(device()).toHaveAccessibleDescription(
      `GPU unavailable: ${NO_ADAPTER} Runs use the CPU workers.`,
    );
    expect(deviceRadios()).toEqual([
      ['GPU (WebGPU)', 'gpu', true, true],
      ['CPU workers', 'cpu', false, false],
    ]);
  });

  it('says only why the GPU is off where it was not asked for', () => {
    renderForm({ draft: { device: 'cpu' } });
    expect(device()).toHaveAccessibleDescription(`GPU unavailable: ${NO_ADAPTER}`);
  });

  it('keeps the GPU off while WebGPU is being checked', () => {
    renderForm({ gpu: { state: 'checking' } });
    expect(device()).toHaveAccessibleDescription('Checking for WebGPU…');
    expect(deviceRadios()).toEqual([
      ['GPU (WebGPU)', 'gpu', false, true],
      ['CPU workers', 'cpu', false, false],
    ]);
  });

  it('offers both devices where WebGPU is there, and says how each runs', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm({ gpu: { state: 'available' } });
    expect(device()).toHaveAccessibleDescription(
      'Neither chosen: the first run measures both and uses the faster',
    );
    expect(deviceRadios()).toEqual([
      ['GPU (WebGPU)', 'gpu', false, false],
      ['CPU workers', 'cpu', false, false],
    ]);
    await user.click(screen.getByRole('radio', { name: 'GPU (WebGPU)' }));
    expect(onChange.mock.calls).toEqual([['device', 'gpu']]);
  });

  it.each([
    ['gpu', 'Runs in a worker on the GPU, in dispatches of a few milliseconds'],
    ['cpu', 'Runs in workers on every core but one'],
  ])('describes the device %s by how it runs', (chosen, hint) => {
    renderForm({ gpu: { state: 'available' }, draft: { device: chosen } });
    expect(device()).toHaveAccessibleDescription(hint);
  });

  it('marks a device it does not offer as invalid, with the message after the hint', () => {
    render(
      <SettingsForm
        draft={{ ...defaultDraft(), device: 'tpu' }}
        errors={{ device: 'Device must be gpu or cpu, or left out to use the faster.' }}
        valid={false}
        running={false}
        gpu={{ state: 'available' }}
        onChange={() => {}}
        onRun={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(device()).toHaveAttribute('aria-invalid', 'true');
    expect(device()).toHaveAccessibleDescription(
      'Neither chosen: the first run measures both and uses the faster Device must be gpu or cpu, or left out to use the faster.',
    );
    expect(deviceRadios().map(([, , checked]) => checked)).toEqual([false, false]);
  });

  it('locks every setting while a run is going', () => {
    renderForm({ running: true, gpu: { state: 'available' } });
    for (const name of ['Prisoners (n)', 'Guesses per prisoner (k)', 'Trials', 'Seed']) {
      expect(screen.getByRole('textbox', { name })).toBeDisabled();
    }
    expect(screen.getByRole('combobox', { name: 'Strategy' })).toBeDisabled();
    expect(device()).toBeDisabled();
    // The fieldset is disabled, and every radio with it.
    for (const radio of within(device()).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
  });
});
