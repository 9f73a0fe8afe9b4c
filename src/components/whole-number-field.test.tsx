import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import forms from './form-parts.module.css';
import { WholeNumberField, type WholeNumberFieldProps } from './whole-number-field.tsx';

const props = (more: Partial<WholeNumberFieldProps> = {}): WholeNumberFieldProps => ({
  label: 'Prisoners',
  value: '100',
  hint: '1 to 10,000',
  onChange: () => {},
  ...more,
});

/** The field as a form keeps it: the typed text in state, each change reported. */
function Typed(more: Partial<WholeNumberFieldProps>) {
  const [value, setValue] = useState('');
  return (
    <WholeNumberField
      {...props(more)}
      value={value}
      onChange={(next) => {
        more.onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('WholeNumberField', () => {
  it('is a text field for digits, named by its label and described by its hint', () => {
    const { container } = render(<WholeNumberField {...props()} className="setting" />);
    const input = screen.getByRole('textbox', { name: 'Prisoners', description: '1 to 10,000' });
    expect(input).toHaveValue('100');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('name');
    expect(input).not.toHaveAttribute('placeholder');
    expect(input).toBeEnabled();
    // The shared look of the forms' text fields and selects.
    expect(input.className).toBe(forms.input);
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-hint`);
    const hint = document.getElementById(`${input.id}-hint`)!;
    expect(hint.textContent).toBe('1 to 10,000');
    expect(hint.className).toBe(forms.hint);
    // The wrapper holds the label, the input and the hint, in that order, and takes the class.
    const wrapper = container.firstElementChild!;
    expect(wrapper.className).toBe('setting');
    expect([...wrapper.children].map((child) => child.tagName)).toEqual(['LABEL', 'INPUT', 'SPAN']);
    expect(wrapper.querySelector('label')).toHaveAttribute('for', input.id);
  });

  it('takes a name, a placeholder and the disabled state', () => {
    render(
      <WholeNumberField {...props({ name: 'seed', placeholder: 'random', disabled: true })} />,
    );
    const input = screen.getByRole('textbox', { name: 'Prisoners' });
    expect(input).toHaveAttribute('name', 'seed');
    expect(input).toHaveAttribute('placeholder', 'random');
    expect(input).toBeDisabled();
  });

  it('marks an error and adds it to the description, after the hint', () => {
    render(
      <WholeNumberField
        {...props({ value: 'lots', error: 'Prisoners must be a whole number from 1 to 10,000.' })}
      />,
    );
    const input = screen.getByRole('textbox', {
      name: 'Prisoners',
      description: '1 to 10,000 Prisoners must be a whole number from 1 to 10,000.',
    });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-hint ${input.id}-error`);
    const error = document.getElementById(`${input.id}-error`)!;
    expect(error.textContent).toBe('Prisoners must be a whole number from 1 to 10,000.');
    expect(error.className).toBe(forms.error);
    // Shown as typed, it does not interrupt: only a field applied on commit announces it.
    expect(error).not.toHaveAttribute('role');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces an error when asked, and drops it with the invalid mark once it is gone', () => {
    const { rerender } = render(
      <WholeNumberField {...props({ error: 'Too many.', announceError: true })} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Too many.');
    for (const error of [null, undefined, '']) {
      rerender(<WholeNumberField {...props({ error, announceError: true })} />);
      const input = screen.getByRole('textbox', { name: 'Prisoners', description: '1 to 10,000' });
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByRole('alert')).toBeNull();
    }
  });

  it('reports every change as the text typed so far', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Typed onChange={onChange} />);
    await user.type(screen.getByRole('textbox', { name: 'Prisoners' }), '1e7');
    expect(onChange.mock.calls).toEqual([['1'], ['1e'], ['1e7']]);
    expect(screen.getByRole('textbox', { name: 'Prisoners' })).toHaveValue('1e7');
  });

  it('commits on Enter and when focus leaves, not on other keys', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    render(
      <>
        <Typed onCommit={onCommit} />
        <button type="button">next</button>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Prisoners' });
    await user.type(input, '42');
    expect(onCommit).toHaveBeenCalledTimes(0);
    await user.keyboard('{Enter}');
    expect(onCommit).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(screen.getByRole('button', { name: 'next' })).toHaveFocus();
    expect(onCommit).toHaveBeenCalledTimes(2);
  });

  it('has nothing to commit without onCommit: Enter and blur change nothing', () => {
    const onChange = vi.fn();
    render(<WholeNumberField {...props({ onChange })} />);
    const input = screen.getByRole('textbox', { name: 'Prisoners' });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledTimes(0);
    expect(input).toHaveValue('100');
  });

  it('keeps the ids of two fields apart', () => {
    render(
      <>
        <WholeNumberField {...props({ error: 'A.' })} />
        <WholeNumberField {...props({ label: 'Guesses', hint: '0 to 100', error: 'B.' })} />
      </>,
    );
    expect(
      screen.getByRole('textbox', { name: 'Prisoners', description: '1 to 10,000 A.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'Guesses', description: '0 to 100 B.' }),
    ).toBeInTheDocument();
  });
});
