/** Schedules work in a task of its own, out of the way of what the visitor is doing. */
export interface IdleTask {
  later(task: () => void): void;
}

/**
 * When the page is idle where the browser says so (within a second, idle or not), else in the
 * next task: Safari has no requestIdleCallback.
 */
export const WHEN_IDLE: IdleTask = {
  later: (task) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1000 });
    else setTimeout(task, 0);
  },
};
