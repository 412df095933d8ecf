import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";
import { holdEarlyClicks } from "./early-clicks.ts";

const boot = () => import("./boot.tsx");

// Longest the app waits for a paint that may never be reported (an old browser, a blank page).
const PAINT_WAIT_MS = 3000;

/**
 * Built pages arrive rendered (scripts/build-site.ts), so the app's code is evaluated, and the page
 * hydrated, only once the visitor can see it: evaluating a few hundred KB of script first would
 * hold back the first paint on a slow phone. `npm run dev` serves an empty shell: start at once.
 */
function startAfterFirstPaint(start: () => unknown): void {
  const root = document.getElementById("root");
  if (!root?.hasChildNodes()) {
    start();
    return;
  }
  holdEarlyClicks();
  if (document.visibilityState !== "visible" || !("PerformanceObserver" in window)) {
    start();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    start();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) once();
  });
  observer.observe({ type: "paint", buffered: true });
  setTimeout(once, PAINT_WAIT_MS);
}

startAfterFirstPaint(boot);
