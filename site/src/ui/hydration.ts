/**
 * Preact hydrates a pre-rendered page in one synchronous pass and, unlike React, never asks a store
 * for its server snapshot, nor corrects an attribute that differs from the HTML. So while that pass
 * runs (and while the build renders ahead of time) a store answers what the build rendered; the
 * moment it ends, every store is read again and whatever differs (who is signed in) renders anew.
 */
let hydrating = false;
const readAgain = new Set<() => void>();

/** Runs `hydrate`, the app's one hydration pass, with stores answering as the build did. */
export function hydrateAsBuilt(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  for (const onChange of readAgain) onChange();
}

/** A store's `getSnapshot`: `read()` in a live page, `asBuilt` ahead of time and while hydrating. */
export function snapshotAfterHydration<T>(read: () => T, asBuilt: T): () => T {
  return () => (typeof document === "undefined" || hydrating ? asBuilt : read());
}

/** A store's `subscribe`, which also hears the end of hydration. */
export function subscribeWithHydration(subscribe: (onChange: () => void) => () => void) {
  return (onChange: () => void): (() => void) => {
    readAgain.add(onChange);
    const unsubscribe = subscribe(onChange);
    return () => {
      readAgain.delete(onChange);
      unsubscribe();
    };
  };
}
