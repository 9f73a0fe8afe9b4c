import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceGroup, type ChoiceGroupProps, type ChoiceOption } from './choice-group.tsx';
import styles from './choice-group.module.css';
import forms from './form-parts.module.css';

type Device = 'gpu' | 'cpu';

const DEVICES: readonly ChoiceOption<Device>[] = [
  { value: 'gpu', label: 'GPU (WebGPU)' },
  { value: 'cpu', label: 'CPU workers' },
];

const props = (more: Partial<ChoiceGroupProps<Device>> = {}): ChoiceGroupProps<Device> => ({
  legend: 'Device',
  name: 'device',
  value: 'cpu',
  options: DEVICES,
  onChange: () => {},
  ...more,
});

/** Each radio as [its label's text, value, checked, disabled]. */
const radios = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((radio) => {
      const input = radio as HTMLInputElement;
      return [radio.closest('label')?.textContent, input.value, input.checked, input.disabled];
    });

/** The group as a form keeps it: the checked value in state, each choice reported. */
function Chosen(more: Partial<ChoiceGroupProps<Device>>) {
  const [value, setValue] = useState<string>('gpu');
  return (
    <form aria-label="settings">
      <ChoiceGroup
        {...props(more)}
        value={value}
        onChange={(next) => {
          more.onChange?.(next);
          setValue(next);
        }}
      />
    </form>
  );
}

describe('ChoiceGroup', () => {
  it('is a fieldset named by its legend, one radio per option in order, the value checked', () => {
    render(<ChoiceGroup {...props()} />);
    const group = screen.getByRole('group', { name: 'Device' });
    expect(group.tagName).toBe('FIELDSET');
    expect(radios(group)).toEqual([
      ['GPU (WebGPU)', 'gpu', false, false],
      ['CPU workers', 'cpu', true, false],
    ]);
    for (const radio of within(group).getAllByRole('radio')) {
      expect(radio).toHaveAttribute('name', 'device');
      expect(radio.closest('label')!.className).toBe(styles.choice);
    }
    // Nothing to describe and nothing wrong: no description, no invalid mark, nothing disabled.
    expect(group).not.toHaveAttribute('aria-describedby');
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(group).not.toHaveAttribute('role');
    expect(group).toBeEnabled();
    expect([...group.children].map((child) => child.tagName)).toEqual(['LEGEND', 'DIV']);
  });

  it('checks none for a value it does not offer', () => {
    render(<ChoiceGroup {...props({ value: 'tpu' })} />);
    expect(radios(screen.getByRole('group', { name: 'Device' }))).toEqual([
      ['GPU (WebGPU)', 'gpu', false, false],
      ['CPU workers', 'cpu', false, false],
    ]);
  });

  it('reports the chosen value, by click and by the arrow keys, and submits it under its name', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Chosen onChange={onChange} />);
    const form = screen.getByRole('form', { name: 'settings' }) as HTMLFormElement;
    expect([...new FormData(form)]).toEqual([['device', 'gpu']]);
    await user.click(screen.getByRole('radio', { name: 'CPU workers' }));
    expect(onChange.mock.calls).toEqual([['cpu']]);
    expect([...new FormData(form)]).toEqual([['device', 'cpu']]);
    // One Tab stop at the checked radio; the arrows move the choice.
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('radio', { name: 'CPU workers' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'GPU (WebGPU)' })).toHaveFocus();
    expect(onChange.mock.calls).toEqual([['cpu'], ['gpu']]);
    expect([...new FormData(form)]).toEqual([['device', 'gpu']]);
  });

  it('turns off an option with a reason, says the reason before the hint, and skips it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Chosen
        options={[
          { value: 'gpu', label: 'GPU (WebGPU)', disabledReason: 'GPU unavailable: no adapter.' },
          { value: 'cpu', label: 'CPU workers' },
        ]}
        hint="Runs in workers."
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('group', {
      name: 'Device',
      description: 'GPU unavailable: no adapter. Runs in workers.',
    });
    expect(radios(group)).toEqual([
      ['GPU (WebGPU)', 'gpu', true, true],
      ['CPU workers', 'cpu', false, false],
    ]);
    const hint = document.getElementById(group.getAttribute('aria-describedby')!)!;
    expect(hint.tagName).toBe('SPAN');
    expect(hint.className).toBe(forms.hint);
    await user.click(screen.getByRole('radio', { name: 'GPU (WebGPU)' }));
    expect(onChange).toHaveBeenCalledTimes(0);
    await user.click(screen.getByRole('radio', { name: 'CPU workers' }));
    await user.keyboard('{ArrowLeft}');
    // The arrows pass over the disabled option.
    expect(screen.getByRole('radio', { name: 'CPU workers' })).toHaveFocus();
    expect(onChange.mock.calls).toEqual([['cpu']]);
  });

  it('says every reason in order, alone where there is no hint', () => {
    render(
      <ChoiceGroup
        {...props({
          options: [
            { value: 'gpu', label: 'GPU (WebGPU)', disabledReason: 'Checking for WebGPU…' },
            { value: 'cpu', label: 'CPU workers', disabledReason: 'No workers.' },
          ],
        })}
      />,
    );
    const group = screen.getByRole('group', {
      name: 'Device',
      description: 'Checking for WebGPU… No workers.',
    });
    expect(radios(group).map(([, , , disabled]) => disabled)).toEqual([true, true]);
  });

  it('is a radiogroup where the value is validated, marked invalid and described by its error', () => {
    const { rerender } = render(
      <ChoiceGroup
        {...props({
          value: 'tpu',
          validated: true,
          hint: 'Neither chosen.',
          error: 'Device must be gpu or cpu.',
        })}
      />,
    );
    const group = screen.getByRole('radiogroup', {
      name: 'Device',
      description: 'Neither chosen. Device must be gpu or cpu.',
    });
    expect(group.tagName).toBe('FIELDSET');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    const [hintId, errorId] = group.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(hintId!)!.textContent).toBe('Neither chosen.');
    const error = document.getElementById(errorId!)!;
    expect(error.textContent).toBe('Device must be gpu or cpu.');
    expect(error.className).toBe(forms.error);
    expect(error).not.toHaveAttribute('role');
    expect([...group.children].map((child) => child.tagName)).toEqual([
      'LEGEND',
      'DIV',
      'SPAN',
      'SPAN',
    ]);
    // Fixed: still a radiogroup, no longer invalid, described by its hint alone.
    rerender(<ChoiceGroup {...props({ validated: true, hint: 'Runs in workers.' })} />);
    const fixed = screen.getByRole('radiogroup', {
      name: 'Device',
      description: 'Runs in workers.',
    });
    expect(fixed).not.toHaveAttribute('aria-invalid');
  });

  it('never marks a plain group invalid (ARIA does not allow it there), but still describes the error', () => {
    render(<ChoiceGroup {...props({ error: 'Not now.' })} />);
    const group = screen.getByRole('group', { name: 'Device', description: 'Not now.' });
    expect(group).not.toHaveAttribute('aria-invalid');
  });

  it('disables the whole group: the fieldset, every radio, and its value leaves the form', () => {
    render(
      <form aria-label="settings">
        <ChoiceGroup {...props({ disabled: true })} />
      </form>,
    );
    const group = screen.getByRole('group', { name: 'Device' });
    expect(group).toBeDisabled();
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
    const form = screen.getByRole('form', { name: 'settings' }) as HTMLFormElement;
    expect([...new FormData(form)]).toEqual([]);
  });

  it('takes the classes of its parts and shows more of the group after the options', () => {
    render(
      <ChoiceGroup
        {...props({
          className: 'picker',
          optionsClassName: 'row',
          optionClassName: 'pill',
          hint: 'Pick one.',
        })}
      >
        <p>Why it matters.</p>
      </ChoiceGroup>,
    );
    const group = screen.getByRole('group', { name: 'Device', description: 'Pick one.' });
    expect(group.className).toBe('picker');
    expect([...group.children].map((child) => [child.tagName, child.textContent])).toEqual([
      ['LEGEND', 'Device'],
      ['DIV', 'GPU (WebGPU)CPU workers'],
      ['SPAN', 'Pick one.'],
      ['P', 'Why it matters.'],
    ]);
    expect(group.querySelector('div')!.className).toBe('row');
    expect([...group.querySelectorAll('label')].map((label) => label.className)).toEqual([
      'pill',
      'pill',
    ]);
  });

  it('keeps the groups of two forms apart, and the hint ids of two groups', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Chosen hint="First." />
        <Chosen hint="Second." />
      </>,
    );
    const [first, second] = screen.getAllByRole('form', { name: 'settings' });
    await user.click(within(first!).getByRole('radio', { name: 'CPU workers' }));
    expect(radios(within(first!).getByRole('group'))[1]![2]).toBe(true);
    expect(radios(within(second!).getByRole('group'))[0]![2]).toBe(true);
    expect(within(first!).getByRole('group')).toHaveAccessibleDescription('First.');
    expect(within(second!).getByRole('group')).toHaveAccessibleDescription('Second.');
  });
});
