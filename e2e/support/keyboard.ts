// Keyboard-only use of a page: which controls Tab reaches, and whether focus on them shows.
import type { Page } from 'playwright-core';

const INTERACTIVE =
  'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

/** Marks every visible control a keyboard user must be able to reach, and returns their names. */
function markReachableControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, scope }) => {
      for (const element of document.querySelectorAll<HTMLElement>('[data-keyboard-check]')) {
        delete element.dataset.keyboardCheck;
      }
      const root = document.querySelector(scope) ?? document;
      const controls = [...root.querySelectorAll<HTMLElement>(selector)].filter(
        (element) =>
          element.tabIndex >= 0 &&
          // :disabled also holds for a control inside a disabled fieldset.
          !element.matches(':disabled') &&
          !element.closest('[inert], [aria-hidden="true"]') &&
          element.checkVisibility({ visibilityProperty: true, opacityProperty: false }),
      );
      // A radio group is one Tab stop (arrows move inside it): reaching any radio reaches the group.
      const radioGroups = new Map<string, string>();
      const names: string[] = [];
      for (const element of controls) {
        const label =
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          '';
        const description = `${element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
        const input = element as HTMLInputElement;
        if (input.type === 'radio' && input.name) {
          const key = `${input.form?.id ?? ''}/${input.name}`;
          const mark = radioGroups.get(key) ?? String(names.length);
          element.dataset.keyboardCheck = mark;
          if (!radioGroups.has(key)) {
            radioGroups.set(key, mark);
            names.push(`radio group "${input.name}"`);
          }
          continue;
        }
        element.dataset.keyboardCheck = String(names.length);
        names.push(description);
      }
      return names;
    },
    { selector: INTERACTIVE, scope },
  );
}

interface FocusRecord {
  mark: string | undefined;
  name: string;
  visible: boolean;
}

/**
 * Records, in the page, every element that receives focus and whether a sighted user can see it
 * (outline or box-shadow). Focus-ring transitions are finished first, so the settled style counts.
 */
function recordFocus(page: Page): Promise<void> {
  return page.evaluate(() => {
    const holder = window as unknown as { focusRecords?: FocusRecord[] };
    const installed = holder.focusRecords !== undefined;
    holder.focusRecords = [];
    if (installed) return;
    document.addEventListener('focusin', (event) => {
      const element = event.target as HTMLElement;
      for (const animation of element.getAnimations()) animation.finish();
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== 'rgba(0, 0, 0, 0)';
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      holder.focusRecords?.push({
        mark: element.dataset.keyboardCheck,
        name: `${element.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
        visible: outline || shadow,
      });
    });
  });
}

/** Presses Tab through the page (or the part of it that holds focus) and records what was reached. */
export async function tabThrough(page: Page, scope = 'body') {
  const controls = await markReachableControls(page, scope);
  await recordFocus(page);
  // Enough presses to pass every control once, plus a margin for roving groups.
  for (let press = 0; press < controls.length + 10; press++) {
    await page.keyboard.press('Tab');
  }
  const records = await page.evaluate(() => {
    return (window as unknown as { focusRecords: FocusRecord[] }).focusRecords;
  });
  const reached = new Set(records.map((record) => record.mark));
  const invisible = records.filter((record) => !record.visible).map((record) => record.name);
  const unreached = controls.filter((_, index) => !reached.has(String(index)));
  return { controls, unreached, invisible: [...new Set(invisible)] };
}
