import { useId, useState } from 'react';
import { SegmentDisplay } from '../../components/segment-display/segment-display.tsx';
import {
  clockTextFor,
  parseClockFlags,
  type ClockFlags,
  type DayVersion,
} from '../../components/segment-display/clock-text.ts';
import { SEGMENT_DEFAULTS } from '../../components/segment-display/defaults.ts';
import { glyphFor } from '../../components/segment-display/glyphs.ts';
import { segmentDisplayMarkup } from '../../components/segment-display/markup.ts';
import { ChoiceGroup, type ChoiceOption } from '../../components/choice-group.tsx';
import styles from './segment-playground.module.css';

export const PLAYGROUND_SIZE_MIN = 12;
export const PLAYGROUND_SIZE_MAX = 96;
const TEXT_MAX_LENGTH = 32;

type Mode = 'text' | 'clock';

const MODES: readonly ChoiceOption<Mode>[] = [
  { value: 'text', label: 'Text' },
  { value: 'clock', label: 'Live clock' },
];

const DAY_VERSIONS: readonly ChoiceOption<DayVersion>[] = [
  { value: 'long', label: 'Full name' },
  { value: 'short', label: 'Three letters' },
];

const CLOCK_FLAG_OPTIONS: { flag: keyof ClockFlags; label: string; letter: string }[] = [
  { flag: 'minutes', label: 'Minutes', letter: 'm' },
  { flag: 'seconds', label: 'Seconds', letter: 's' },
  { flag: 'weekday', label: 'Weekday', letter: 'd' },
  { flag: 'date', label: 'Date (dd.mm.yy)', letter: 'D' },
];

/** The playground's choices: radio buttons as pills side by side, like the clock's checkboxes. */
const PILLS = {
  className: styles.group,
  optionsClassName: styles.segmented,
  optionClassName: styles.choice,
};

/** Characters of a text that the display cannot draw, each once. */
function unsupportedCharacters(text: string): string[] {
  return [...new Set(Array.from(text))].filter((char) => glyphFor(char) === undefined);
}

interface ColourFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
}

/** A colour picker with its label and the chosen colour written out. */
function ColourField({ id, label, value, onChange }: ColourFieldProps) {
  return (
    <div className={styles.colour}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <span className={styles.swatch}>
        <input
          id={id}
          type="color"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <span aria-hidden="true">{value}</span>
      </span>
    </div>
  );
}

/** Interactive playground for the segment display, shown on its project page. */
export function SegmentPlayground() {
  const id = useId();
  const [mode, setMode] = useState<Mode>('text');
  const [literal, setLiteral] = useState('Hello 13');
  const [clockFlags, setClockFlags] = useState<ClockFlags>({
    minutes: true,
    seconds: true,
    weekday: false,
    date: false,
  });
  const [sgClr, setSgClr] = useState<string>(SEGMENT_DEFAULTS.sgClr);
  const [bgClr, setBgClr] = useState<string>(SEGMENT_DEFAULTS.bgClr);
  const [size, setSize] = useState<number>(SEGMENT_DEFAULTS.size);
  const [dayVersion, setDayVersion] = useState<DayVersion>(SEGMENT_DEFAULTS.dayVersion);
  const [copied, setCopied] = useState<{ markup: string; ok: boolean } | null>(null);

  const text = mode === 'clock' ? clockTextFor(clockFlags) : literal;
  const markup = segmentDisplayMarkup({ text, sgClr, bgClr, size, dayVersion });
  // Shown under the text field only; the typed text is kept while the clock is shown.
  const unsupported = unsupportedCharacters(literal);
  // The message belongs to the markup it was about; any change makes it go away.
  const copyStatus =
    copied?.markup !== markup
      ? ''
      : copied.ok
        ? 'Copied to the clipboard.'
        : 'Copying is not allowed here: select the markup and copy it by hand.';

  async function copyMarkup() {
    try {
      await navigator.clipboard.writeText(markup);
      setCopied({ markup, ok: true });
    } catch {
      setCopied({ markup, ok: false });
    }
  }

  const field = (name: string) => `${id}-${name}`;

  return (
    // The page around it supplies the heading; the playground starts with what to do.
    <div className={styles.playground} data-segment-playground="">
      <p className={styles.intro}>
        Type a text or switch to the live clock, pick colours and a size, and copy the markup to use
        the same display elsewhere.
      </p>

      <div className={styles.workspace}>
        <div className={styles.preview} data-testid="segment-preview">
          <SegmentDisplay
            text={text}
            sgClr={sgClr}
            bgClr={bgClr}
            size={size}
            dayVersion={dayVersion}
          />
        </div>

        <form
          className={styles.controls}
          aria-label="Segment display settings"
          onSubmit={(event) => event.preventDefault()}
        >
          <div className={styles.column}>
            <ChoiceGroup
              {...PILLS}
              legend="Show"
              name="mode"
              value={mode}
              options={MODES}
              onChange={setMode}
            />

            {mode === 'text' ? (
              <div className={styles.group}>
                <label className={styles.label} htmlFor={field('text')}>
                  Text to show
                </label>
                <input
                  id={field('text')}
                  className={styles.textInput}
                  type="text"
                  value={literal}
                  maxLength={TEXT_MAX_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={field('text-hint')}
                  onChange={(event) => setLiteral(event.target.value)}
                />
                <p id={field('text-hint')} className={styles.hint}>
                  Letters A–Z, digits 0–9, space, colon and dot; up to {TEXT_MAX_LENGTH} characters.
                </p>
                <p className={styles.warning} role="status">
                  {unsupported.length > 0 &&
                    `Shown as blank: ${unsupported.map((char) => `“${char}”`).join(', ')}`}
                </p>
              </div>
            ) : (
              <fieldset className={styles.group}>
                <legend>Clock shows hours and</legend>
                <div className={styles.checks}>
                  {CLOCK_FLAG_OPTIONS.map(({ flag, label, letter }) => (
                    <label key={flag} className={styles.choice}>
                      <input
                        type="checkbox"
                        checked={clockFlags[flag]}
                        onChange={(event) =>
                          setClockFlags({ ...clockFlags, [flag]: event.target.checked })
                        }
                      />
                      {label}
                      <code className={styles.flagLetter} aria-hidden="true">
                        {letter}
                      </code>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}

            {/* The weekday's form matters only to a clock. */}
            <ChoiceGroup
              {...PILLS}
              disabled={parseClockFlags(text) === null}
              legend="Weekday as"
              name="day-version"
              value={dayVersion}
              options={DAY_VERSIONS}
              onChange={setDayVersion}
            />
          </div>

          <div className={styles.column}>
            <div className={styles.colours}>
              <ColourField
                id={field('segment-colour')}
                label="Segment colour"
                value={sgClr}
                onChange={setSgClr}
              />
              <ColourField
                id={field('background-colour')}
                label="Background colour"
                value={bgClr}
                onChange={setBgClr}
              />
            </div>

            <div className={styles.group}>
              <div className={styles.sizeHeader}>
                <label className={styles.label} htmlFor={field('size')}>
                  Size
                </label>
                <output htmlFor={field('size')} className={styles.sizeValue}>
                  {size} px
                </output>
              </div>
              <input
                id={field('size')}
                className={styles.range}
                type="range"
                min={PLAYGROUND_SIZE_MIN}
                max={PLAYGROUND_SIZE_MAX}
                step={1}
                value={size}
                aria-valuetext={`${size} pixels`}
                onChange={(event) => setSize(Number(event.target.value))}
              />
            </div>
          </div>
        </form>

        <div className={styles.code}>
          <div className={styles.codeHeader}>
            <h3>Markup</h3>
            <button type="button" className={styles.copy} onClick={() => void copyMarkup()}>
              Copy
            </button>
          </div>
          <pre className={styles.pre}>
            <code>{markup}</code>
          </pre>
          <p className={styles.copyStatus} role="status">
            {copyStatus}
          </p>
        </div>
      </div>
    </div>
  );
}
