// One small page interface over three drivers, so the cross-engine suite is written once:
// Chromium through playwright-core, Firefox through puppeteer-core over WebDriver BiDi, and
// WebKitGTK through classic WebDriver (selenium-webdriver).
import type { Pixels } from '../png.ts';
import type { VirtualDisplay } from '../xvfb.ts';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** A key the suite presses on the focused element. */
export type Key = 'Enter' | 'Space' | 'Tab' | 'Escape' | 'ArrowRight' | 'ArrowDown';

/** Each key's value as the DOM's KeyboardEvent.key gives it, which puppeteer and playwright take. */
export const KEY_VALUES: Record<Key, string> = {
  Enter: 'Enter',
  Space: ' ',
  Tab: 'Tab',
  Escape: 'Escape',
  ArrowRight: 'ArrowRight',
  ArrowDown: 'ArrowDown',
};

export interface EnginePage {
  readonly engine: EngineName;
  /** Opens `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** The viewport's size in CSS pixels (WebKit's windows are at least 447 px wide). */
  setViewport(width: number, height: number): Promise<void>;
  /** The value of a JavaScript expression in the page (a promise is awaited); JSON values only. */
  evaluate<T>(expression: string): Promise<T>;
  /** A real click in the middle of the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** A real key press, on whatever has focus. */
  press(key: Key): Promise<void>;
  /** The viewport as a visitor sees it. */
  screenshot(): Promise<Pixels>;
  close(): Promise<void>;
}

export interface Engine {
  readonly name: EngineName;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Waits until `expression` is truthy in the page, polling; the error names what never came. */
export async function waitUntil(
  page: EnginePage,
  expression: string,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await page.evaluate<boolean>(`Boolean(${expression})`)) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${page.engine}: ${what} did not happen in ${timeoutMs} ms${last ? ` (${String(last)})` : ''}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Pixels with the `at` reader of decoded screenshots. */
export function withReader(width: number, height: number, data: Uint8Array): Pixels {
  return {
    width,
    height,
    data,
    at: (x, y) => {
      const i = (y * width + x) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/**
 * The viewport's part of a grab of the screen, whose top left corner is at (`left`, `top`): what
 * a visitor sees. The engines' own screenshots of a WebGL canvas can show it blank (Firefox's of
 * a canvas drawn in a worker; WebKit's, under load, of one drawn between two of its frames).
 */
export async function viewportOfScreen(
  screen: VirtualDisplay,
  [left, top, width, height]: readonly [number, number, number, number],
): Promise<Pixels> {
  const grab = await screen.grab();
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * grab.width + left) * 4;
    data.set(grab.data.subarray(from, from + width * 4), y * width * 4);
  }
  return withReader(width, height, data);
}

/** The text of an element as it is read out: without the parts hidden from assistive technology. */
const SPOKEN_TEXT = `(element) => {
  const walk = (node) => node.nodeType === Node.TEXT_NODE ? node.textContent
    : node.nodeType === Node.ELEMENT_NODE && node.getAttribute('aria-hidden') !== 'true'
      ? [...node.childNodes].map(walk).join('') : '';
  return walk(element).replace(/\\s+/g, ' ').trim();
}`;

const ROLES = { button: 'button, [role="button"]', link: 'a[href]' } as const;

/**
 * A real click on the enabled button (or link) whose spoken text (or aria-label) is `name`: the
 * page marks it, the driver clicks it.
 */
export async function clickControl(
  page: EnginePage,
  name: string,
  role: keyof typeof ROLES = 'button',
): Promise<void> {
  const found = await page.evaluate<boolean>(`(() => {
    const spoken = ${SPOKEN_TEXT};
    document.querySelectorAll('[data-e2e-target]').forEach((e) => e.removeAttribute('data-e2e-target'));
    const target = [...document.querySelectorAll(${JSON.stringify(ROLES[role])})].find((e) =>
      !e.disabled && e.getAttribute('aria-disabled') !== 'true' &&
      (e.getAttribute('aria-label') ?? spoken(e)) === ${JSON.stringify(name)});
    if (!target) return false;
    target.setAttribute('data-e2e-target', '');
    return true;
  })()`);
  if (!found) {
    const controls = await page.evaluate<string[]>(`(() => {
      const spoken = ${SPOKEN_TEXT};
      return [...document.querySelectorAll('button')].map((e) =>
        (e.getAttribute('aria-label') ?? spoken(e)) + (e.disabled ? ' (disabled)' : ''));
    })()`);
    throw new Error(
      `${page.engine}: no enabled ${role} named "${name}"; the buttons: ${controls.filter(Boolean).join(', ')}.`,
    );
  }
  await page.click('[data-e2e-target]');
}

/** The spoken text of the first element matching `selector`, or null. */
export function spokenText(page: EnginePage, selector: string): Promise<string | null> {
  return page.evaluate<string | null>(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    return element ? (${SPOKEN_TEXT})(element) : null;
  })()`);
}
