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
      // No WebGPU here: the CPU workers, the device that will run, are checked.
      ['device', 'cpu'],
    ]);
  });

  it('reports a typed setting under its field', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Trials' }), '0');
    expect(onChange.mock.calls).toEqual([['trials', '10000000']]);
  });

  it.each(['gpu', 'cpu', ''])(
    'without WebGPU, checks the CPU workers and turns the GPU off with its reason (asked: "%s")',
    (asked) => {
      renderForm({ draft: { device: asked } });
      expect(device()).toHaveAccessibleDescription(
        `GPU unavailable: ${NO_ADAPTER} Runs use the CPU workers.`,
      );
      expect(deviceRadios()).toEqual([
        ['GPU (WebGPU)', 'gpu', false, true],
        ['CPU workers', 'cpu', true, false],
      ]);
    },
  );

  it('keeps the GPU off while WebGPU is being checked, the faster of the two checked', () => {
    renderForm({ gpu: { state: 'checking' } });
    expect(device()).toHaveAccessibleDescription(
      'Checking for WebGPU… The first run measures both and uses the faster',
    );
    expect(deviceRadios()).toEqual([
      ['Faster of the two', 'faster', true, false],
      ['GPU (WebGPU)', 'gpu', false, true],
      ['CPU workers', 'cpu', false, false],
    ]);
  });

  it('offers the faster of the two and both devices where WebGPU is there', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm({ gpu: { state: 'available' } });
    expect(device()).toHaveAccessibleDescription('The first run measures both and uses the faster');
    expect(deviceRadios()).toEqual([
      ['Faster of the two', 'faster', true, false],
      ['GPU (WebGPU)', 'gpu', false, false],
      ['CPU workers', 'cpu', false, false],
    ]);
    await user.click(screen.getByRole('radio', { name: 'GPU (WebGPU)' }));
    expect(onChange.mock.calls).toEqual([['device', 'gpu']]);
  });

  it('names the faster device once the first run has measured both, and asks for it by a blank', async () => {
    const user = userEvent.setup();
    const { onChange } = renderForm({
      gpu: { state: 'available', faster: 'gpu' },
      draft: { device: 'cpu' },
    });
    await user.click(screen.getByRole('radio', { name: 'Faster of the two' }));
    expect(onChange.mock.calls).toEqual([['device', '']]);
  });

  it.each([
    [
      'gpu',
      { state: 'available' },
      'Runs in a worker on the GPU, in dispatches of a few milliseconds',
    ],
    ['cpu', { state: 'available' }, 'Runs in workers on every core but one'],
    [
      '',
      { state: 'available', faster: 'gpu' },
      'Runs on the GPU, measured faster here on the first run',
    ],
    [
      '',
      { state: 'available', faster: 'cpu' },
      'Runs on the CPU workers, measured faster here on the first run',
    ],
  ] as const)('describes the device "%s" by where and how it runs', (chosen, gpu, hint) => {
    renderForm({ gpu, draft: { device: chosen } });
    expect(device()).toHaveAccessibleDescription(hint);
    expect(deviceRadios().filter(([, , checked]) => checked)).toHaveLength(1);
  });

  it('marks a device it does not offer as invalid, checking none, with the message', () => {
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
      'Device must be gpu or cpu, or left out to use the faster.',
    );
    expect(deviceRadios().map(([, , checked]) => checked)).toEqual([false, false, false]);
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

  it('hands focus from Run to Cancel as a run starts, and back as it ends, never to the body', () => {
    const form = (running: boolean) => (
      <SettingsForm
        draft={defaultDraft()}
        errors={{}}
        valid
        running={running}
        gpu={MISSING}
        onChange={() => {}}
        onRun={() => {}}
        onCancel={() => {}}
      />
    );
    const { rerender } = render(form(false));
    const run = screen.getByRole('button', { name: 'Run' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    run.focus();
    rerender(form(true));
    expect(document.activeElement).toBe(cancel);
    rerender(form(false));
    expect(document.activeElement).toBe(run);
    // Focus dropped to the body (a Retry button gone with its alert) goes to Cancel too.
    run.blur();
    rerender(form(true));
    expect(document.activeElement).toBe(cancel);
    // Focus elsewhere stays where the visitor put it.
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    rerender(form(false));
    seed.focus();
    rerender(form(true));
    expect(document.activeElement).toBe(seed);
  });
});
