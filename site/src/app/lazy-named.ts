import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** `React.lazy` for a named export: the component loads in its own chunk on first render. */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
