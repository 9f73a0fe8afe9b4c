import { describe, expect, it } from 'vitest';
import { sharedBrowser, visit, withPage } from '../support/browser.ts';

// Every page's policy, requests and markup are checked in every-page.e2e.ts.
const browser = sharedBrowser();

describe('content security policy', () => {
  it('the policy blocks inline script and reports the violation', () =>
    withPage(browser, {}, async ({ page, problems }) => {
      await visit(page, '/');
      const outcome = await page.evaluate(async () => {
        const marker = window as unknown as { inlineRan?: boolean };
        const violation = new Promise<string>((report) =>
          document.addEventListener('securitypolicyviolation', (event) =>
            report(event.effectiveDirective),
          ),
        );
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        // An inline script that is allowed runs during append; a blocked one never does.
        document.body.append(script);
        return { inlineRan: marker.inlineRan === true, directive: await violation };
      });
      expect(outcome).toEqual({ inlineRan: false, directive: 'script-src-elem' });
      // The page's own report reaches the console as a message of its own, later.
      await expect
        .poll(() => problems.some((problem) => problem.includes('CSP violation: script-src')))
        .toBe(true);
    }));
});
