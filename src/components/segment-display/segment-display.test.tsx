import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
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

  it('is named by its text without the spaces around it', () => {
    const { rerender } = render(<SegmentDisplay text="  GO  " />);
    expect(display().getAttribute('aria-label')).toBe('GO');
    rerender(<SegmentDisplay text="   " />);
    expect(display().getAttribute('aria-label')).toBe('Blank segment display');
  });

  it('draws an empty text as one blank cell', () => {
    render(<SegmentDisplay text="" />);
    const svg = display().querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 62 100');
    const [unlit, lit] = [...display().querySelectorAll('path')];
    expect(lit?.getAttribute('d')).toBe('');
    expect(unlit?.getAttribute('d')).toBe(layoutText(' ').unlitPath);
  });

  it('frames its characters: 0.5 character heights either side, 0.4 above and below', () => {
    // One cell is 62 × 100 units: at 20 px it is 12.4 px wide, framed by 10 px and 8 px.
    render(<SegmentDisplay text="A" />);
    expect(frameOf(display())).toEqual({
      outer: { width: '32.4', height: '36', viewBox: '0 0 32.4 36' },
      // Corners of 0.18 character heights, but at least 4 px.
      background: { width: '32.4', height: '36', rx: '4', fill: '#000000' },
      edge: {
        x: '0.5',
        y: '0.5',
        width: '31.4',
        height: '35',
        rx: '4',
        fill: 'none',
        stroke: '#fff',
        'stroke-opacity': '0.06',
      },
      characters: {
        x: '10',
        y: '8',
        width: '12.4',
        height: '20',
        viewBox: '0 0 62 100',
        'aria-hidden': 'true',
        focusable: 'false',
      },
      unlitOpacity: '0.12',
    });
  });

  it('scales the frame with the size', () => {
    // AB: 62 + 14 + 62 = 138 units, at 64 px 88.32 px; frame 32 px either side, 25.6 above and below.
    render(<SegmentDisplay text="AB" size={64} />);
    expect(frameOf(display())).toMatchObject({
      outer: { width: '152.32', height: '115.2', viewBox: '0 0 152.32 115.2' },
      background: { width: '152.32', height: '115.2', rx: '11.52' },
      edge: { width: '151.32', height: '114.2', rx: '11.52' },
      characters: { x: '32', y: '25.6', width: '88.32', height: '64', viewBox: '0 0 138 100' },
    });
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])(
    'draws 20 px high when the size is %s',
    (size) => {
      render(<SegmentDisplay text="A" size={size} />);
      expect(frameOf(display()).characters).toMatchObject({ width: '12.4', height: '20' });
    },
  );

  it('warns in words which character it cannot draw, also when a later text brings it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(<SegmentDisplay text="AB" />);
    rerender(<SegmentDisplay text="A§B" />);
    expect(warn.mock.calls).toEqual([
      [
        'SegmentDisplay: "§" is not supported and is shown as a blank cell ' +
          '(supported: A-Z, 0-9, space, colon and dot).',
      ],
    ]);
    warn.mockRestore();
  });
});

/** The attributes that size and colour a display's frame, by part. */
function frameOf(svg: Element) {
  const attributes = (element: Element | null | undefined, names: string[]) =>
    Object.fromEntries(names.map((name) => [name, element?.getAttribute(name)]));
  const [background, edge] = [...svg.querySelectorAll('rect')];
  return {
    outer: attributes(svg, ['width', 'height', 'viewBox']),
    background: attributes(background, ['width', 'height', 'rx', 'fill']),
    edge: attributes(edge, ['x', 'y', 'width', 'height', 'rx', 'fill', 'stroke', 'stroke-opacity']),
    characters: attributes(svg.querySelector('svg'), [
      'x',
      'y',
      'width',
      'height',
      'viewBox',
      'aria-hidden',
      'focusable',
    ]),
    unlitOpacity: svg.querySelector('path')?.getAttribute('fill-opacity'),
  };
}

describe('SegmentDisplay rendered ahead of time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The display's svg in HTML rendered on the server, before any clock can be read. */
  function prerendered(element: ReactElement) {
    const host = document.createElement('div');
    host.innerHTML = renderToString(element);
    return host.querySelector('svg')!;
  }

  it.each([
    // HH:MM:SS is 8 cells; the weekday is as wide as the longest, WEDNESDAY (9) or WED (3).
    ['!#ms', 'long', 8],
    ['!#msd', 'long', 8 + 1 + 9],
    ['!#msd', 'short', 8 + 1 + 3],
    ['!#--dD', 'long', 2 + 1 + 9 + 1 + 8],
  ] as const)('shows %s (%s weekday) as %i blank cells named Clock', (text, dayVersion, cells) => {
    const svg = prerendered(<SegmentDisplay text={text} dayVersion={dayVersion} />);
    expect(svg.getAttribute('aria-label')).toBe('Clock');
    expect(svg.getAttribute('data-clock')).toBe('true');
    expect(svg.getAttribute('data-shown')).toBe(' '.repeat(cells));
    // Nothing lit, and no timer started on the server.
    expect(svg.querySelector('path:last-child')?.getAttribute('d')).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a text as it is', () => {
    const svg = prerendered(<SegmentDisplay text="Hi 5" />);
    expect(svg.getAttribute('data-shown')).toBe('HI 5');
    expect(svg.hasAttribute('data-clock')).toBe(false);
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

  it('keeps one timer when the page says it is visible while the clock runs', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9, 400));
    render(<SegmentDisplay text="!#ms" />);
    act(() => setPageHidden(false));
    act(() => setPageHidden(false));
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(600));
    expect(shown()).toBe('14:05:10');
  });

  it('stops listening to the page once the last clock is gone', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9));
    render(<SegmentDisplay text="!#ms" />).unmount();
    setPageHidden(true);
    setPageHidden(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a clock mounted later on the same second as those already running', () => {
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 9, 400));
    render(<SegmentDisplay text="!#ms" />);
    // The wall clock moves on, but the shared second has not ticked yet.
    vi.setSystemTime(new Date(2026, 10, 22, 14, 5, 10, 100));
    render(<SegmentDisplay text="!#ms" dayVersion="short" />);
    const clocks = () => screen.getAllByRole('img').map((svg) => svg.getAttribute('data-shown'));
    expect(clocks()).toEqual(['14:05:09', '14:05:09']);
    act(() => vi.advanceTimersByTime(600));
    expect(clocks()).toEqual(['14:05:10', '14:05:10']);
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
