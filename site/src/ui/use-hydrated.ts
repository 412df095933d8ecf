import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while a pre-rendered page hydrates (and when rendering ahead of time), true afterwards. For
 * anything the build cannot know, such as the query string: rendering it during hydration would
 * not match the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
