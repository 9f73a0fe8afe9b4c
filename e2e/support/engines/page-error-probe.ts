// The page's own record of its errors, for engines whose drivers report none (WebKit's classic
// WebDriver has no console or error events). The test server adds it to every page it serves;
// the build never contains it.

/** Where the test server serves the probe. */
export const PROBE_PATH = '/__e2e/page-errors.js';

/**
 * Records uncaught errors, failed script loads, unhandled rejections, console errors and
 * Content-Security-Policy violations in `window.__pageErrors`, from before the page's own
 * scripts run.
 */
export const PROBE_SCRIPT = `(() => {
  const errors = (window.__pageErrors = []);
  addEventListener('error', (event) => {
    const target = event.target;
    if (target && target !== window && 'src' in target) errors.push('load: ' + target.src);
    else errors.push('error: ' + (event.message || String(event.error)));
  }, true);
  addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    errors.push('rejection: ' + (reason && reason.message ? reason.message : String(reason)));
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    errors.push('policy: ' + event.violatedDirective + ' ' + event.blockedURI);
  });
  const consoleError = console.error;
  console.error = (...args) => {
    errors.push('console: ' + args.map(String).join(' '));
    consoleError.apply(console, args);
  };
})();
`;

/** The page with the probe as the first thing in its head, before any of its own scripts. */
export function withProbe(page: string): string {
  return page.replace(/<head>/i, `<head><script src="${PROBE_PATH}"></script>`);
}
