import { describe, expect, it } from 'vitest';
import { sharedBrowser, visit, withPage } from './browser.ts';

// Every page's policy, requests and markup are checked in every-page.e2e.ts.
const browser = sharedBrowser();

describe('content security policy', () => {
  it('the policy blocks inline script and reports the violation', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      const outcome = await page.evaluate(async () => {
        const marker = window as unknown as { inlineRan?: boolean };
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
        await new Promise((done) => setTimeout(done, 100));
        return { inlineRan: marker.inlineRan === true };
      });
      expect(outcome).toEqual({ inlineRan: false });
      expect(problems.some((problem) => problem.includes('CSP violation: script-src'))).toBe(true);
    }));
});
