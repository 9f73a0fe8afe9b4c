/** Clock mode: a text starting with this prefix shows the current time instead of itself. */
export const CLOCK_PREFIX = '!#';

export type DayVersion = 'long' | 'short';

/** What a clock shows besides the hours, read from fixed positions of its text (`!#msdD`). */
export interface ClockFlags {
  minutes: boolean;
  seconds: boolean;
  weekday: boolean;
  date: boolean;
}

/** Position of each flag letter in the text, and the letter itself. */
const FLAG_POSITIONS = [
  ['minutes', 2, 'm'],
  ['seconds', 3, 's'],
  ['weekday', 4, 'd'],
  ['date', 5, 'D'],
] as const;

/** Stands in for a flag that is off when a later flag is on, e.g. `!#-s` for hours and seconds. */
const FLAG_OFF = '-';

const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The clock flags of a text, or null when the text is not in clock mode. */
export function parseClockFlags(text: string): ClockFlags | null {
  if (!text.startsWith(CLOCK_PREFIX)) return null;
  const flags: ClockFlags = { minutes: false, seconds: false, weekday: false, date: false };
  for (const [name, position, letter] of FLAG_POSITIONS) flags[name] = text[position] === letter;
  return flags;
}

/** The clock-mode text for a set of flags: the inverse of parseClockFlags. */
export function clockTextFor(flags: ClockFlags): string {
  const letters = FLAG_POSITIONS.map(([name, , letter]) => (flags[name] ? letter : FLAG_OFF));
  return (CLOCK_PREFIX + letters.join('')).replace(/-+$/, '');
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day whose weekday has the longest name (a Wednesday): the widest a clock text gets. */
export const LONGEST_WEEKDAY = new Date(2026, 0, 7);

function weekdayName(date: Date, dayVersion: DayVersion): string {
  const name = WEEKDAYS[date.getDay()] ?? '';
  return dayVersion === 'short' ? name.slice(0, 3) : name;
}

/** What a clock display shows at a moment (local time): `HH:MM:SS WEEKDAY dd.mm.yy`. */
export function formatClockText(date: Date, flags: ClockFlags, dayVersion: DayVersion): string {
  const time = [twoDigits(date.getHours())];
  if (flags.minutes) time.push(twoDigits(date.getMinutes()));
  if (flags.seconds) time.push(twoDigits(date.getSeconds()));
  const parts = [time.join(':')];
  if (flags.weekday) parts.push(weekdayName(date, dayVersion));
  if (flags.date) {
    const year = twoDigits(date.getFullYear() % 100);
    parts.push(`${twoDigits(date.getDate())}.${twoDigits(date.getMonth() + 1)}.${year}`);
  }
  return parts.join(' ');
}

/**
 * How a clock display is announced: words a screen reader reads well, without seconds,
 * so the label changes at most once a minute.
 */
export function spokenClockLabel(date: Date, flags: ClockFlags): string {
  const hours = twoDigits(date.getHours());
  const parts = [flags.minutes ? `Time ${hours}:${twoDigits(date.getMinutes())}` : `Hour ${hours}`];
  if (flags.weekday) {
    const name = weekdayName(date, 'long');
    parts.push(name.charAt(0) + name.slice(1).toLowerCase());
  }
  if (flags.date) {
    parts.push(`${date.getDate()} ${MONTHS[date.getMonth()] ?? ''} ${date.getFullYear()}`);
  }
  return parts.join(', ');
}
