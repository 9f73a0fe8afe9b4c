import { useShallow } from 'zustand/react/shallow';

/** A store as a hook: a selector in, the selected value out (zustand's `create`). */
type StoreHook<State> = <Selected>(select: (state: State) => Selected) => Selected;

/**
 * Several fields of a store at once, for a component that reads many: it re-renders only when
 * one of them changes.
 */
export function useStoreFields<State, Key extends keyof State>(
  useStore: StoreHook<State>,
  keys: readonly Key[],
): Pick<State, Key> {
  return useStore(
    useShallow((state) => {
      const fields = {} as Pick<State, Key>;
      for (const key of keys) fields[key] = state[key];
      return fields;
    }),
  );
}
