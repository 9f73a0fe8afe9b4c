// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clockTextFor,
  formatClockText,
  parseClockFlags,
  spokenClockLabel,
  type ClockFlags,
} from './clock-text.ts';

// Sunday 22 November 2026, 14:05:09 local time.
const SUNDAY_AFTERNOON = new Date(2026, 10, 22, 14, 5, 9);

function flagsOf(text: string): ClockFlags {
  const flags = parseClockFlags(text);
  if (!flags) throw new Error(`${text} is not a clock text`);
  return flags;
}

// Every combination of the four flags, with what the display shows (long weekday).
const EVERY_COMBINATION: [string, string][] = [
  ['!#', '14'],
  ['!#m', '14:05'],
  ['!#-s', '14:09'],
  ['!#ms', '14:05:09'],
  ['!#--d', '14 SUNDAY'],
  ['!#m-d', '14:05 SUNDAY'],
  ['!#-sd', '14:09 SUNDAY'],
  ['!#msd', '14:05:09 SUNDAY'],
  ['!#---D', '14 22.11.26'],
  ['!#m--D', '14:05 22.11.26'],
  ['!#-s-D', '14:09 22.11.26'],
  ['!#ms-D', '14:05:09 22.11.26'],
  ['!#--dD', '14 SUNDAY 22.11.26'],
  ['!#m-dD', '14:05 SUNDAY 22.11.26'],
  ['!#-sdD', '14:09 SUNDAY 22.11.26'],
  ['!#msdD', '14:05:09 SUNDAY 22.11.26'],
];

describe('parseClockFlags', () => {
  it('is null for ordinary text', () => {
    expect(parseClockFlags('HELLO')).toBeNull();
    expect(parseClockFlags('#!ms')).toBeNull();
    expect(parseClockFlags(' !#ms')).toBeNull();
    expect(parseClockFlags('')).toBeNull();
  });

  it('reads each flag only at its own position', () => {
    expect(parseClockFlags('!#msdD')).toEqual({
      minutes: true,
      seconds: true,
      weekday: true,
      date: true,
    });
    const noFlags = { minutes: false, seconds: false, weekday: false, date: false };
    expect(parseClockFlags('!#s')).toEqual(noFlags);
    expect(parseClockFlags('!#D')).toEqual(noFlags);
    expect(parseClockFlags('!#MS')).toEqual(noFlags);
    expect(parseClockFlags('!#smDd')).toEqual(noFlags);
  });

  it('round-trips with clockTextFor for all 16 combinations', () => {
    expect(EVERY_COMBINATION.map(([text]) => clockTextFor(flagsOf(text)))).toEqual(
      EVERY_COMBINATION.map(([text]) => text),
    );
  });
});

describe('formatClockText', () => {
  it.each(EVERY_COMBINATION)('%s shows %s with the long day version', (text, shown) => {
    expect(formatClockText(SUNDAY_AFTERNOON, flagsOf(text), 'long')).toBe(shown);
  });

  it.each(EVERY_COMBINATION)('%s with the short day version', (text, shown) => {
    expect(formatClockText(SUNDAY_AFTERNOON, flagsOf(text), 'short')).toBe(
      shown.replace('SUNDAY', 'SUN'),
    );
  });

  it('names every weekday in both versions', () => {
    const week = [22, 23, 24, 25, 26, 27, 28].map((day) => new Date(2026, 10, day, 9));
    expect(week.map((date) => formatClockText(date, flagsOf('!#--d'), 'long'))).toEqual([
      '09 SUNDAY',
      '09 MONDAY',
      '09 TUESDAY',
      '09 WEDNESDAY',
      '09 THURSDAY',
      '09 FRIDAY',
      '09 SATURDAY',
    ]);
    expect(week.map((date) => formatClockText(date, flagsOf('!#--d'), 'short'))).toEqual([
      '09 SUN',
      '09 MON',
      '09 TUE',
      '09 WED',
      '09 THU',
      '09 FRI',
      '09 SAT',
    ]);
  });

  it.each([
    ['midnight at the new year', new Date(2026, 11, 31, 23, 59, 59), '23:59:59 THURSDAY 31.12.26'],
    ['midnight itself', new Date(2027, 0, 1, 0, 0, 0), '00:00:00 FRIDAY 01.01.27'],
    ['the end of April', new Date(2026, 3, 30, 23, 59, 59), '23:59:59 THURSDAY 30.04.26'],
    ['the first of May', new Date(2026, 4, 1, 0, 0, 0), '00:00:00 FRIDAY 01.05.26'],
    ['the end of January', new Date(2026, 0, 31, 12, 0, 0), '12:00:00 SATURDAY 31.01.26'],
    ['28 February in a common year', new Date(2027, 1, 28, 8, 7, 6), '08:07:06 SUNDAY 28.02.27'],
    ['1 March in a common year', new Date(2027, 2, 1, 0, 0, 0), '00:00:00 MONDAY 01.03.27'],
    ['28 February in a leap year', new Date(2028, 1, 28, 23, 59, 59), '23:59:59 MONDAY 28.02.28'],
    ['a leap day', new Date(2028, 1, 29, 0, 0, 0), '00:00:00 TUESDAY 29.02.28'],
    ['the day after a leap day', new Date(2028, 2, 1, 0, 0, 0), '00:00:00 WEDNESDAY 01.03.28'],
    ['a leap day in 2024', new Date(2024, 1, 29, 19, 45, 30), '19:45:30 THURSDAY 29.02.24'],
    ['a year ending in 0', new Date(2030, 5, 15, 6, 0, 0), '06:00:00 SATURDAY 15.06.30'],
  ])('shows %s', (_, date, shown) => {
    expect(formatClockText(date, flagsOf('!#msdD'), 'long')).toBe(shown);
  });
});

describe('spokenClockLabel', () => {
  it('speaks hours and minutes, never seconds', () => {
    expect(spokenClockLabel(SUNDAY_AFTERNOON, flagsOf('!#ms'))).toBe('Time 14:05');
    expect(spokenClockLabel(SUNDAY_AFTERNOON, flagsOf('!#m'))).toBe('Time 14:05');
    expect(spokenClockLabel(SUNDAY_AFTERNOON, flagsOf('!#'))).toBe('Hour 14');
    expect(spokenClockLabel(SUNDAY_AFTERNOON, flagsOf('!#-s'))).toBe('Hour 14');
  });

  it('spells weekday and month out in full', () => {
    expect(spokenClockLabel(SUNDAY_AFTERNOON, flagsOf('!#msdD'))).toBe(
      'Time 14:05, Sunday, 22 November 2026',
    );
    expect(spokenClockLabel(new Date(2028, 1, 29, 0, 0, 1), flagsOf('!#m--D'))).toBe(
      'Time 00:00, 29 February 2028',
    );
  });

  it('names every month', () => {
    const firsts = Array.from({ length: 12 }, (_, month) => new Date(2027, month, 1, 7, 30));
    expect(firsts.map((date) => spokenClockLabel(date, flagsOf('!#---D')))).toEqual([
      'Hour 07, 1 January 2027',
      'Hour 07, 1 February 2027',
      'Hour 07, 1 March 2027',
      'Hour 07, 1 April 2027',
      'Hour 07, 1 May 2027',
      'Hour 07, 1 June 2027',
      'Hour 07, 1 July 2027',
      'Hour 07, 1 August 2027',
      'Hour 07, 1 September 2027',
      'Hour 07, 1 October 2027',
      'Hour 07, 1 November 2027',
      'Hour 07, 1 December 2027',
    ]);
  });

  it('names the weekday alone when the date is not shown', () => {
    expect(spokenClockLabel(new Date(2026, 10, 25, 9, 41, 3), flagsOf('!#m-d'))).toBe(
      'Time 09:41, Wednesday',
    );
  });

  it('is the same for every second of a minute', () => {
    const labels = new Set(
      Array.from({ length: 60 }, (_, second) =>
        spokenClockLabel(new Date(2026, 10, 22, 14, 5, second), flagsOf('!#msdD')),
      ),
    );
    expect(labels.size).toBe(1);
  });
});
