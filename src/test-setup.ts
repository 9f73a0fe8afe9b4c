import { afterEach } from 'vitest';

// The DOM matchers and the unmounting of rendered trees serve the tests that run in jsdom; the
// tests of code without a DOM run in Node (`// @vitest-environment node`) and load neither.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
