import { type ComponentType, createElement, type LazyExoticComponent, lazy, Suspense } from "react";

type Preload = () => Promise<unknown>;

/** Every lazy part's loader, in the order their modules were evaluated. */
const preloads: Preload[] = [];

/**
 * `React.lazy` for a named export: the component loads in its own chunk on first render. Once its
 * chunk is loaded (see `preloadParts`) it renders without suspending, so a page whose parts were
 * preloaded hydrates in one pass.
 */
export function lazyNamed<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
): LazyExoticComponent<ComponentType<P>> & { preload: Preload } {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return module;
    });
  preloads.push(preload);
  // A thenable that calls back at once lets `lazy` use a loaded component without suspending.
  // React 19 needs it too: given an already settled promise instead, a preloaded page suspended
  // while hydrating and React replaced its built HTML (text typed into it lost, presses made on
  // it unanswered: 9 of the 11 field tests failed).
  type Loaded = { default: ComponentType<P> };
  const ready = (component: ComponentType<P>): Promise<Loaded> => {
    const thenable = {
      // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a synchronous thenable as already loaded
      then: (resolve: (value: Loaded) => void) => resolve({ default: component }),
    };
    return thenable as unknown as Promise<Loaded>;
  };
  const component = lazy(() => (loaded ? ready(loaded) : preload().then((module) => ({ default: module[name] }))));
  return Object.assign(component, { preload });
}

/**
 * Loads `root` and every lazy part its module (and theirs, in turn) declares, so that hydrating a
 * pre-rendered page never meets a part whose code is still on its way.
 */
export async function preloadParts(root: Preload): Promise<void> {
  let seen = preloads.length;
  await root();
  while (preloads.length > seen) {
    const declared = preloads.slice(seen);
    seen = preloads.length;
    await Promise.all(declared.map((preload) => preload()));
  }
}

/**
 * `React.lazy` for a named export that is not preloaded: for parts only some visitors ever see (a
 * signed-in user's history, a dialog once opened), so a visitor's first load never evaluates them.
 * It shows nothing until its code has arrived, without holding up the page around it.
 */
export function lazyWhenShown<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
): ComponentType<P> {
  const Part: LazyExoticComponent<ComponentType<P>> = lazy(() =>
    load().then((module): { default: ComponentType<P> } => ({ default: module[name] })),
  );
  return (props: P) => createElement(Suspense, { fallback: null }, createElement(Part, props));
}
