import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SegmentDisplay } from './segment-display.tsx';
import { secondClockListenerCount } from './second-clock.ts';
import { layoutText } from './geometry.ts';

const display = () => screen.getByRole('img');
const shown = () => display().getAttribute('data-shown');

function setPageHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('SegmentDisplay with text', () => {
  it('is one image labelled with its text, drawn upper case', () => {
    render(<SegmentDisplay text="Segment 13" />);
    expect(display()).toHaveAccessibleName('Segment 13');
    expect(shown()).toBe('SEGMENT 13');
  });

  it('uses the documented defaults: #00e906 on black, 20 px high', () => {
    render(<SegmentDisplay text="A" />);
    const svg = display().querySelector('svg');
    expect(svg?.getAttribute('height')).toBe('20');
    // The frame: 0.5 character heights of room left and right, 0.4 above and below.
    expect(display().getAttribute('height')).toBe('36');
    expect(display().querySelector('rect')?.getAttribute('fill')).toBe('#000000');
    const [unlit, lit] = [...display().querySelectorAll('path')];
    expect(lit?.getAttribute('fill')).toBe('#00e906');
    expect(unlit?.getAttribute('fill')).toBe('#00e906');
    expect(Number(unlit?.getAttribute('fill-opacity'))).toBeLessThan(0.3);
  });

  it('scales with size and takes the given colours', () => {
    render(<SegmentDisplay text="AB" size={64} sgClr="#ff3300" bgClr="#102030" />);
    const svg = display().querySelector('svg');
    expect(svg?.getAttribute('height')).toBe('64');
    const viewBox = svg?.getAttribute('viewBox')?.split(' ').map(Number) ?? [];
    expect(Number(svg?.getAttribute('width'))).toBeCloseTo(((viewBox[2] ?? 0) / 100) * 64, 1);
    expect(Number(display().getAttribute('width'))).toBeCloseTo(
      Number(svg?.getAttribute('width')) + 64,
      1,
    );
    expect(display().querySelector('rect')?.getAttribute('fill')).toBe('#102030');
    expect(display().querySelector('path:last-child')?.getAttribute('fill')).toBe('#ff3300');
  });

  it('draws the lit segments of its text', () => {
    render(<SegmentDisplay text="h1" />);
    const lit = display().querySelector('path:last-child')?.getAttribute('d');
    expect(lit).toBe(layoutText('H1').litPath);
  });

  it('shows unsupported characters as blank cells and warns once per character', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(<SegmentDisplay text="A~B" />);
    rerender(<SegmentDisplay text="A~B~" />);
    rerender(<SegmentDisplay text="~" />);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('"~"');
    expect(display()).toHaveAccessibleName('~');
    expect(display().querySelector('path:last-child')?.getAttribute('d')).toBe('');
    render(<SegmentDisplay text="Å" />);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('still has a name when the text is empty', () => {
    render(<SegmentDisplay text="" />);
    expect(display()).toHaveAccessibleName('Blank segment display');
  });
});

describe('SegmentDisplay as a clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    setPageHidden(false);
    vi.useRealTimers();
  });

  it('shows the time at once and changes exactly on each second boundary', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9, 400));
    render(<SegmentDisplay text="!#ms" />);
    expect(shown()).toBe('14:05:09');
    act(() => vi.advanceTimersByTime(599));
    expect(shown()).toBe('14:05:09');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('14:05:10');
    const seen: string[] = [];
    for (let step = 0; step < 120; step++) {
      act(() => vi.advanceTimersByTime(1000));
      seen.push(shown() ?? '');
    }
    // Two minutes, every second once, none skipped or repeated.
    expect(new Set(seen).size).toBe(120);
    expect(seen[0]).toBe('14:05:11');
    expect(seen[48]).toBe('14:05:59');
    expect(seen[49]).toBe('14:06:00');
    expect(seen[119]).toBe('14:07:10');
  });

  it('updates its spoken label at most once a minute', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 30));
    render(<SegmentDisplay text="!#msdD" />);
    expect(display()).toHaveAccessibleName('Time 14:05, Sunday, 22 November 2026');
    const labels: string[] = [];
    for (let step = 0; step < 150; step++) {
      act(() => vi.advanceTimersByTime(1000));
      const label = display().getAttribute('aria-label') ?? '';
      if (labels.at(-1) !== label) labels.push(label);
    }
    expect(labels).toEqual([
      'Time 14:05, Sunday, 22 November 2026',
      'Time 14:06, Sunday, 22 November 2026',
      'Time 14:07, Sunday, 22 November 2026',
      'Time 14:08, Sunday, 22 November 2026',
    ]);
  });

  it('rolls over midnight, month end and year end', () => {
    vi.setSystemTime(new Date(2026, 11, 31, 23, 59, 59));
    render(<SegmentDisplay text="!#msdD" />);
    expect(shown()).toBe('23:59:59 THURSDAY 31.12.26');
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe('00:00:00 FRIDAY 01.01.27');
  });

  it('reaches a leap day and leaves it', () => {
    vi.setSystemTime(new Date(2028, 1, 28, 23, 59, 59));
    render(<SegmentDisplay text="!#msdD" dayVersion="short" />);
    expect(shown()).toBe('23:59:59 MON 28.02.28');
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe('00:00:00 TUE 29.02.28');
    act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000));
    expect(shown()).toBe('00:00:00 WED 01.03.28');
  });

  it('stops its timer when unmounted', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9));
    const first = render(<SegmentDisplay text="!#ms" />);
    const second = render(<SegmentDisplay text="!#m" />);
    expect(vi.getTimerCount()).toBe(1);
    expect(secondClockListenerCount()).toBe(2);
    first.unmount();
    expect(vi.getTimerCount()).toBe(1);
    second.unmount();
    expect(vi.getTimerCount()).toBe(0);
    expect(secondClockListenerCount()).toBe(0);
  });

  it('starts no timer for plain text, and stops when text leaves clock mode', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9));
    const { rerender } = render(<SegmentDisplay text="HELLO" />);
    expect(vi.getTimerCount()).toBe(0);
    rerender(<SegmentDisplay text="!#ms" />);
    expect(vi.getTimerCount()).toBe(1);
    rerender(<SegmentDisplay text="BYE" />);
    expect(vi.getTimerCount()).toBe(0);
    expect(shown()).toBe('BYE');
  });

  it('pauses while the page is hidden and resumes with the right time', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9, 500));
    render(<SegmentDisplay text="!#ms" />);
    act(() => setPageHidden(true));
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(42_000));
    expect(shown()).toBe('14:05:09');
    act(() => setPageHidden(false));
    expect(shown()).toBe('14:05:51');
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(500));
    expect(shown()).toBe('14:05:52');
  });

  it('does not start while mounted on a hidden page', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9));
    setPageHidden(true);
    render(<SegmentDisplay text="!#ms" />);
    expect(shown()).toBe('14:05:09');
    expect(vi.getTimerCount()).toBe(0);
    act(() => setPageHidden(false));
    expect(vi.getTimerCount()).toBe(1);
  });
});
