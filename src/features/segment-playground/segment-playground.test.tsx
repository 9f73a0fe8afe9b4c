import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SegmentPlayground } from './segment-playground.tsx';

const display = () => within(screen.getByTestId('segment-preview')).getByRole('img');
const markup = () => document.querySelector('pre')?.textContent;
/** The two messages: characters shown as blank, and the copy's outcome (the size is an output). */
const messages = () => screen.getAllByRole('status').filter((status) => status.tagName === 'P');

describe('SegmentPlayground', () => {
  it('starts with a text display and its markup', () => {
    render(<SegmentPlayground />);
    expect(display()).toHaveAccessibleName('Hello 13');
    expect(markup()).toBe('<SegmentDisplay text="Hello 13" />');
    expect(screen.getByRole('form', { name: 'Segment display settings' })).toBeInTheDocument();
  });

  it('starts with no warning and no copy message', () => {
    render(<SegmentPlayground />);
    const [warning, copyStatus] = messages();
    expect(warning).toHaveTextContent(/^$/);
    expect(copyStatus).toHaveTextContent(/^$/);
  });

  it('lists every character it cannot draw, each once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    const input = screen.getByRole('textbox', { name: 'Text to show' });
    await user.clear(input);
    await user.type(input, 'A?B!?');
    expect(messages()[0]).toHaveTextContent(/^Shown as blank: “\?”, “!”$/);
    warn.mockRestore();
  });

  it('describes the text field by its hint and leaves its spelling unchecked', () => {
    render(<SegmentPlayground />);
    const input = screen.getByRole('textbox', {
      name: 'Text to show',
      description: 'Letters A–Z, digits 0–9, space, colon and dot; up to 32 characters.',
    });
    // Display text such as "KL 12" is not prose: no red underlines.
    expect(input).toHaveAttribute('spellcheck', 'false');
  });

  it('ties the size readout to its slider', () => {
    render(<SegmentPlayground />);
    const slider = screen.getByRole('slider', { name: 'Size' });
    const readout = screen.getByText('20 px');
    expect(readout.tagName).toBe('OUTPUT');
    expect([...(readout as HTMLOutputElement).htmlFor]).toEqual([slider.id]);
  });

  it('submits the checked choice of each group under its name', async () => {
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    const form = screen.getByRole('form', { name: 'Segment display settings' }) as HTMLFormElement;
    const submitted = () => [...new FormData(form)];
    // The weekday's form is disabled for a text, so only the mode is sent.
    expect(submitted()).toEqual([['mode', 'text']]);
    await user.click(screen.getByRole('radio', { name: 'Live clock' }));
    await user.click(screen.getByRole('radio', { name: 'Three letters' }));
    expect(submitted()).toEqual([
      ['mode', 'clock'],
      ['day-version', 'short'],
    ]);
  });

  it('keeps the choices of two playgrounds on one page apart', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SegmentPlayground />
        <SegmentPlayground />
      </>,
    );
    const [first, second] = screen.getAllByRole('form', { name: 'Segment display settings' });
    await user.click(within(first!).getByRole('radio', { name: 'Live clock' }));
    expect(within(first!).getByRole('radio', { name: 'Live clock' })).toBeChecked();
    expect(within(second!).getByRole('radio', { name: 'Text' })).toBeChecked();
  });

  it('checks the chosen radio of each group and moves through the settings by keyboard', async () => {
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    const checked = (group: string) =>
      within(screen.getByRole('group', { name: group }))
        .getAllByRole('radio')
        .map((radio) => [radio.closest('label')?.textContent, (radio as HTMLInputElement).checked]);
    expect(checked('Show')).toEqual([
      ['Text', true],
      ['Live clock', false],
    ]);
    expect(checked('Weekday as')).toEqual([
      ['Full name', true],
      ['Three letters', false],
    ]);
    // A radio group is one stop on the Tab key, at its checked choice; the arrows move the choice.
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Text' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Text to show' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Text' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Live clock' })).toHaveFocus();
    expect(checked('Show')).toEqual([
      ['Text', false],
      ['Live clock', true],
    ]);
    expect(display()).toHaveAttribute('data-clock', 'true');
    for (const name of ['Minutes', 'Seconds', 'Weekday', 'Date (dd.mm.yy)']) {
      await user.tab();
      expect(screen.getByRole('checkbox', { name })).toHaveFocus();
    }
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Full name' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Segment colour')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Full name' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(checked('Weekday as')).toEqual([
      ['Full name', false],
      ['Three letters', true],
    ]);
    expect(markup()).toBe('<SegmentDisplay text="!#ms" dayVersion="short" />');
  });

  it('keeps the page where it is when the settings are submitted', () => {
    render(<SegmentPlayground />);
    // fireEvent returns false when the handler prevented the default (a page load).
    expect(fireEvent.submit(screen.getByRole('form', { name: 'Segment display settings' }))).toBe(
      false,
    );
  });

  it('shows the letter of each clock flag and toggles it', async () => {
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    await user.click(screen.getByRole('radio', { name: 'Live clock' }));
    const flags = screen.getByRole('group', { name: 'Clock shows hours and' });
    expect(
      within(flags)
        .getAllByRole('checkbox')
        .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['Minutesm', true],
      ['Secondss', true],
      ['Weekdayd', false],
      ['Date (dd.mm.yy)D', false],
    ]);
    await user.click(screen.getByRole('checkbox', { name: 'Seconds' }));
    expect(markup()).toBe('<SegmentDisplay text="!#m" />');
  });

  it('offers the weekday form only for a clock', async () => {
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    const weekday = screen.getByRole('group', { name: 'Weekday as' });
    expect(weekday).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Live clock' }));
    expect(weekday).toBeEnabled();
  });

  it('shows typed text and points out characters it cannot draw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    const input = screen.getByRole('textbox', { name: 'Text to show' });
    await user.clear(input);
    await user.type(input, 'Kl. 12:30?');
    expect(display()).toHaveAttribute('data-shown', 'KL. 12:30?');
    expect(screen.getByText('Shown as blank: “?”')).toBeInTheDocument();
    expect(markup()).toBe('<SegmentDisplay text="Kl. 12:30?" />');
    warn.mockRestore();
  });

  it('builds clock texts from the flag checkboxes', async () => {
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    await user.click(screen.getByRole('radio', { name: 'Live clock' }));
    expect(screen.queryByRole('textbox', { name: 'Text to show' })).toBeNull();
    expect(display()).toHaveAttribute('data-clock', 'true');
    expect(markup()).toBe('<SegmentDisplay text="!#ms" />');
    await user.click(screen.getByRole('checkbox', { name: 'Minutes' }));
    expect(markup()).toBe('<SegmentDisplay text="!#-s" />');
    await user.click(screen.getByRole('checkbox', { name: 'Date (dd.mm.yy)' }));
    expect(markup()).toBe('<SegmentDisplay text="!#-s-D" />');
    await user.click(screen.getByRole('checkbox', { name: 'Weekday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Minutes' }));
    await user.click(screen.getByRole('radio', { name: 'Three letters' }));
    expect(markup()).toBe('<SegmentDisplay text="!#msdD" dayVersion="short" />');
    expect(display().getAttribute('data-shown')).toMatch(
      /^\d\d:\d\d:\d\d (SUN|MON|TUE|WED|THU|FRI|SAT) \d\d\.\d\d\.\d\d$/,
    );
    await user.click(screen.getByRole('radio', { name: 'Text' }));
    expect(display()).not.toHaveAttribute('data-clock');
  });

  it('applies colours and size to the display and the markup', () => {
    render(<SegmentPlayground />);
    // jsdom has no slider or colour picker to drag, so the change arrives as the browser sends it.
    const size = screen.getByRole('slider', { name: 'Size' });
    expect(size).toHaveAttribute('min', '12');
    expect(size).toHaveAttribute('max', '96');
    expect(size).toHaveAttribute('aria-valuetext', '20 pixels');
    fireEvent.change(size, { target: { value: '64' } });
    expect(size).toHaveAttribute('aria-valuetext', '64 pixels');
    expect(display().querySelector('svg')).toHaveAttribute('height', '64');
    expect(screen.getByText('64 px')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Segment colour'), { target: { value: '#ff3300' } });
    fireEvent.change(screen.getByLabelText('Background colour'), { target: { value: '#ffffff' } });
    expect(display().querySelector('path:last-child')).toHaveAttribute('fill', '#ff3300');
    expect(display().querySelector('rect')).toHaveAttribute('fill', '#ffffff');
    expect(markup()).toBe(
      '<SegmentDisplay\n  text="Hello 13"\n  sgClr="#ff3300"\n  bgClr="#ffffff"\n  size={64}\n/>',
    );
  });

  it('copies the markup and says so', async () => {
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '<SegmentDisplay text="Hello 13" />',
    );
    expect(screen.getByText('Copied to the clipboard.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Text to show' }), '4');
    expect(screen.queryByText('Copied to the clipboard.')).toBeNull();
  });

  it('says how to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    render(<SegmentPlayground />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Write permission denied.', 'NotAllowedError'),
    );
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(messages()[1]).toHaveTextContent(
      /^Copying is not allowed here: select the markup and copy it by hand\.$/,
    );
  });
});
