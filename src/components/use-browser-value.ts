import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * A value only the browser knows (the address's query, say), read without an effect: HTML
 * rendered ahead of time, and the hydration of it, see `serverValue`; right after hydration React
 * renders again with `read()`. `read` must return the same value until it really changes.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribeNever, read, () => serverValue);
}
