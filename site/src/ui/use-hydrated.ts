import { useSyncExternalStore } from "react";
import { snapshotAfterHydration, subscribeWithHydration } from "./hydration.ts";

const subscribe = subscribeWithHydration(() => () => {});
const getSnapshot = snapshotAfterHydration(() => true, false);

/**
 * False while a pre-rendered page hydrates (and when rendering ahead of time), true afterwards. For
 * anything the build cannot know, such as the query string: rendering it during hydration would
 * not match the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
