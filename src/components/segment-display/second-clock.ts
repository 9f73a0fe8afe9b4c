import { useSyncExternalStore } from 'react';

/**
 * One shared ticker for every clock display on the page, so they all change together.
 *
 * Each tick is a setTimeout to the next whole second (not a setInterval, which drifts and
 * would now and then skip or repeat a second). The ticker runs only while someone listens
 * and the page is visible; when the page is shown again it reads the time at once.
 */

const SECOND = 1000;

const listeners = new Set<() => void>();
let current = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

const wholeSecond = () => Math.floor(Date.now() / SECOND) * SECOND;

function notify() {
  for (const listener of listeners) listener();
}

function schedule() {
  timer = setTimeout(tick, SECOND - (Date.now() % SECOND));
}

function tick() {
  const now = wholeSecond();
  // A timer that fires a hair early must not show the same second twice.
  if (now !== current) {
    current = now;
    notify();
  }
  schedule();
}

function start() {
  if (timer !== undefined || document.hidden) return;
  tick();
}

function stop() {
  clearTimeout(timer);
  timer = undefined;
}

function onVisibilityChange() {
  if (document.hidden) stop();
  else start();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener('visibilitychange', onVisibilityChange);
    start();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    }
  };
}

function getSnapshot(): number {
  // While nothing ticks the stored second may be old: a first render reads the clock itself.
  if (timer === undefined) current = wholeSecond();
  return current;
}

const subscribeNever = () => () => {};
const getNothing = () => null;

/**
 * The current time in whole seconds (epoch ms), refreshed on every second while enabled; null
 * when disabled, and in HTML rendered ahead of time, which cannot know when it will be read.
 */
export function useSecondClock(enabled: boolean): number | null {
  return useSyncExternalStore(
    enabled ? subscribe : subscribeNever,
    enabled ? getSnapshot : getNothing,
    getNothing,
  );
}

/** How many clock displays are listening (for tests). */
export function secondClockListenerCount(): number {
  return listeners.size;
}
