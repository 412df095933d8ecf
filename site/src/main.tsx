import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";
import { holdEarlyInput } from "./early-input.ts";

/** A macrotask boundary: the browser may paint and handle input before what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * A module graph is evaluated in one task, and the app's is React DOM, the router and the app: on a
 * slow phone a task of several hundred ms, in which a tap waits. React DOM is evaluated first, in a
 * task of its own; the rest of the app follows in the next.
 */
const boot = async () => {
  await import("react-dom/client");
  await nextTask();
  await import("./boot.tsx");
};

// Longest the app waits for a paint that may never be reported (an old browser, a blank page).
const PAINT_WAIT_MS = 3000;

/**
 * Built pages arrive rendered (scripts/build-site.ts), so the app's code is evaluated, and the page
 * hydrated, only once the visitor can see it: evaluating a few hundred KB of script first would
 * hold back the first paint on a slow phone. This entry runs as soon as it arrives, possibly before
 * the page is fully parsed, so input is held from the start and the app waits for the whole
 * document. `npm run dev` serves an empty shell: start at once.
 */
function startAfterFirstPaint(start: () => unknown): void {
  if (!document.documentElement.hasAttribute("data-prerendered")) {
    start();
    return;
  }
  holdEarlyInput();
  let started = false;
  let painted = document.visibilityState !== "visible" || !("PerformanceObserver" in window);
  const startOnce = () => {
    if (started || !painted || document.readyState === "loading") return;
    started = true;
    start();
  };
  const onPaint = () => {
    painted = true;
    startOnce();
  };
  document.addEventListener("DOMContentLoaded", startOnce, { once: true });
  if (!painted) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      onPaint();
    }).observe({ type: "paint", buffered: true });
    setTimeout(onPaint, PAINT_WAIT_MS);
  }
  startOnce();
}

startAfterFirstPaint(boot);
