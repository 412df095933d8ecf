import { useEffect } from "react";

/**
 * Keeps the sticky header and the phone's Get Started bar off what the keyboard focuses (WCAG 2.2
 * 2.4.11): the page's scroll padding is their height, measured whenever it changes, since larger
 * text or a wrapped label makes them anything from 73 px to three times that. `captions`: the
 * caption page, whose header scrolls away and which has no bar.
 */
export function useScrollRoom(captions: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const header = document.querySelector<HTMLElement>(".site-header");
    const bar = captions ? null : document.querySelector<HTMLElement>(".mobile-cta");
    const measure = () => {
      root.style.setProperty("--header-room", `${captions ? 0 : (header?.offsetHeight ?? 0)}px`);
      root.style.setProperty("--bar-room", `${bar?.offsetHeight ?? 0}px`);
    };
    const observer = new ResizeObserver(measure);
    for (const element of [header, bar]) if (element) observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [captions]);
}
