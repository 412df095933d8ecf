import { createContext, useContext, useLayoutEffect } from "react";

/** Receives a page's title while it is rendered ahead of time (site/src/prerender.tsx). */
export const PrerenderedTitle = createContext<((title: string) => void) | null>(null);

/**
 * The page's title in the tab and in screen readers' page announcements. The build puts the
 * pre-rendered page's title in the head; in the browser it follows the route.
 */
export function DocumentTitle({ children }: { readonly children: string }) {
  useContext(PrerenderedTitle)?.(children);
  useLayoutEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
