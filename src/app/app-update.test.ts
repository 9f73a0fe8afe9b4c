// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createUpdateFlow, startUpdates, type UpdateFlow, type UpdateState } from './app-update.ts';

/** Every state the flow announces, in order. */
function record(flow: UpdateFlow): UpdateState[] {
  const seen: UpdateState[] = [];
  flow.subscribe(() => seen.push(flow.state()));
  return seen;
}

describe('the update flow of a page a worker controlled when it loaded', () => {
  it('shows the notice, takes Reload once, and reloads once when the new build has control', () => {
    const flow = createUpdateFlow(true);
    const seen = record(flow);
    expect(flow.state()).toBe('current');
    flow.waiting();
    flow.waiting();
    expect(flow.state()).toBe('ready');
    expect(flow.chooseReload()).toBe(true);
    expect(flow.chooseReload()).toBe(false);
    expect(flow.controllerChanged()).toBe(true);
    expect(flow.controllerChanged()).toBe(false);
    expect(seen).toEqual(['ready', 'reloading']);
  });

  it('reloads when another tab chose Reload, notice shown or not', () => {
    const flow = createUpdateFlow(true);
    expect(flow.controllerChanged()).toBe(true);
    expect(flow.state()).toBe('reloading');
    const other = createUpdateFlow(true);
    other.waiting();
    expect(other.controllerChanged()).toBe(true);
    expect(other.state()).toBe('reloading');
  });

  it('takes no Reload before a new build waits', () => {
    const flow = createUpdateFlow(true);
    expect(flow.chooseReload()).toBe(false);
    expect(flow.state()).toBe('current');
  });

  it('keeps the notice once the reload has begun', () => {
    const flow = createUpdateFlow(true);
    flow.waiting();
    flow.chooseReload();
    flow.waiting();
    expect(flow.state()).toBe('reloading');
  });

  it('stops telling a listener that unsubscribed', () => {
    const flow = createUpdateFlow(true);
    const seen: UpdateState[] = [];
    const stop = flow.subscribe(() => seen.push(flow.state()));
    flow.waiting();
    stop();
    flow.chooseReload();
    expect(seen).toEqual(['ready']);
  });
});

describe('the update flow of a page no worker controlled when it loaded (a first visit)', () => {
  it('does not reload when the first worker takes control', () => {
    const flow = createUpdateFlow(false);
    expect(flow.controllerChanged()).toBe(false);
    expect(flow.state()).toBe('current');
  });

  it('reloads after its own Reload', () => {
    const flow = createUpdateFlow(false);
    flow.waiting();
    expect(flow.chooseReload()).toBe(true);
    expect(flow.controllerChanged()).toBe(true);
    expect(flow.controllerChanged()).toBe(false);
  });
});

describe('startUpdates', () => {
  it('registers nothing outside a production build', () => {
    expect(import.meta.env.PROD).toBe(false);
    const flow = createUpdateFlow(false);
    // In Node there is no navigator.serviceWorker and no document: reaching for either would throw.
    expect(() => startUpdates(flow)).not.toThrow();
    expect(flow.state()).toBe('current');
  });
});
