// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { segmentDisplayMarkup } from './markup.ts';

const defaults = { sgClr: '#00e906', bgClr: '#000000', size: 20, dayVersion: 'long' } as const;

describe('segmentDisplayMarkup', () => {
  it('names only the text when everything else is default', () => {
    expect(segmentDisplayMarkup({ ...defaults, text: 'HELLO' })).toBe(
      '<SegmentDisplay text="HELLO" />',
    );
    expect(segmentDisplayMarkup({ ...defaults, sgClr: '#00E906', text: '!#ms' })).toBe(
      '<SegmentDisplay text="!#ms" />',
    );
  });

  it('adds the props that differ, one per line when long', () => {
    expect(segmentDisplayMarkup({ ...defaults, text: 'A', size: 64 })).toBe(
      '<SegmentDisplay text="A" size={64} />',
    );
    expect(
      segmentDisplayMarkup({
        text: '!#msdD',
        sgClr: '#ff3300',
        bgClr: '#102030',
        size: 32,
        dayVersion: 'short',
      }),
    ).toBe(
      [
        '<SegmentDisplay',
        '  text="!#msdD"',
        '  sgClr="#ff3300"',
        '  bgClr="#102030"',
        '  size={32}',
        '  dayVersion="short"',
        '/>',
      ].join('\n'),
    );
  });

  it('writes texts that cannot sit in quotes as expressions', () => {
    expect(segmentDisplayMarkup({ ...defaults, text: 'say "hi"' })).toBe(
      '<SegmentDisplay text={"say \\"hi\\""} />',
    );
    expect(segmentDisplayMarkup({ ...defaults, text: '{x}' })).toBe(
      '<SegmentDisplay text={"{x}"} />',
    );
    // Each character that a quoted JSX attribute would not keep as it is, on its own.
    expect(
      ['{', '}', '<', '>', '&', '\\', '\n'].map((char) =>
        segmentDisplayMarkup({ ...defaults, text: `A${char}B` }),
      ),
    ).toEqual([
      '<SegmentDisplay text={"A{B"} />',
      '<SegmentDisplay text={"A}B"} />',
      '<SegmentDisplay text={"A<B"} />',
      '<SegmentDisplay text={"A>B"} />',
      '<SegmentDisplay text={"A&B"} />',
      '<SegmentDisplay text={"A\\\\B"} />',
      '<SegmentDisplay text={"A\\nB"} />',
    ]);
    expect(segmentDisplayMarkup({ ...defaults, text: "It's 12:30." })).toBe(
      `<SegmentDisplay text="It's 12:30." />`,
    );
  });

  it('keeps a line of up to 60 characters whole', () => {
    // `<SegmentDisplay text="` and `" />` take 26 characters: a text of 34 fills 60.
    const fits = 'X'.repeat(34);
    expect(segmentDisplayMarkup({ ...defaults, text: fits })).toBe(
      `<SegmentDisplay text="${fits}" />`,
    );
    expect(segmentDisplayMarkup({ ...defaults, text: `${fits}Y` })).toBe(
      `<SegmentDisplay\n  text="${fits}Y"\n/>`,
    );
  });
});
