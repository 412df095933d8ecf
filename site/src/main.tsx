import "./styles/index.css";
import { sayTheCodeWasLost } from "./app/code-lost.ts";
import { holdEarlyInput } from "./early-input.ts";

const boot = () => import("./boot.tsx").then(({ start }) => start());

// Longest the app waits for a paint that may never be reported (an old browser, a blank page).
const PAINT_WAIT_MS = 3000;

/**
 * Built pages arrive rendered (scripts/build-site.ts), so the app's code is evaluated, and the page
 * hydrated, only once the visitor can see it: evaluating the app's script first would hold back the
 * first paint on a slow phone. This entry runs as soon as it arrives, possibly before
 * the page is fully parsed, so input is held from the start and the app waits for the whole
 * document. `npm run dev` serves an empty shell: start at once.
 */
function startAfterFirstPaint(start: () => Promise<void>): void {
  if (!document.documentElement.hasAttribute("data-prerendered")) {
    start();
    return;
  }
  const letGo = holdEarlyInput();
  let started = false;
  let painted = document.visibilityState !== "visible" || !("PerformanceObserver" in window);
  const startOnce = () => {
    if (started || !painted || document.readyState === "loading") return;
    started = true;
    start().catch((error: unknown) => {
      console.warn("[boot] the app's code did not arrive", error);
      letGo();
      sayTheCodeWasLost();
    });
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
