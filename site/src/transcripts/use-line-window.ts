import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";

/**
 * Renders only the lines of a long transcript near the visible part of its scroller. Heights start
 * as estimates from each line's length and the scroller's width, and become the measured ones once
 * a line has been shown; a line above the view that turns out taller or shorter moves the scroll
 * position by as much, so what is being read stays put.
 */

/** Pixels rendered beyond each edge of the view, so a quick scroll shows text, not gaps. */
const OVERSCAN_PX = 800;
/** Layout-less environments (no height to read) still show a screenful. */
const FALLBACK_VIEW = { width: 640, height: 480 };

export interface LineWindow {
  readonly first: number;
  /** One past the last rendered line. */
  readonly last: number;
  readonly padTop: number;
  readonly padBottom: number;
  readonly onScroll: () => void;
  /** Scrolls a line into view (`center` puts it in the middle) without moving focus. */
  readonly scrollToLine: (index: number, align?: "start" | "center") => void;
  readonly isLineInView: (index: number) => boolean;
  /** When the person last scrolled the transcript themselves, for not fighting them. */
  readonly lastUserScroll: RefObject<number>;
}

export function useLineWindow(
  scroller: RefObject<HTMLElement | null>,
  lengths: readonly number[],
  estimate: (characters: number, width: number, fontSize: number) => number,
): LineWindow {
  const count = lengths.length;
  const [view, setView] = useState({ top: 0, ...FALLBACK_VIEW, fontSize: 16 });
  const measured = useRef(new Map<number, number>());
  const [measuredVersion, setMeasuredVersion] = useState(0);
  const programmatic = useRef(false);
  const lastUserScroll = useRef(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Layout is read here, once, never inside a state updater, which React may run mid-render.
    const read = () => {
      const next = {
        top: element.scrollTop,
        width: element.clientWidth || FALLBACK_VIEW.width,
        height: element.clientHeight || FALLBACK_VIEW.height,
        fontSize: Number.parseFloat(getComputedStyle(element).fontSize) || 16,
      };
      setView((previous) =>
        previous.top === next.top &&
        previous.width === next.width &&
        previous.height === next.height &&
        previous.fontSize === next.fontSize
          ? previous
          : next,
      );
    };
    read();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(read) : null;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [scroller]);

  // A new width or text size changes every line's height: measure again.
  const { width, fontSize } = view;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the width and text size are what invalidate the measures
  useLayoutEffect(() => {
    measured.current.clear();
  }, [width, fontSize]);

  const offsets = useMemo(() => {
    void measuredVersion;
    const sums = new Float64Array(count + 1);
    for (let index = 0; index < count; index++) {
      const height = measured.current.get(index) ?? estimate(lengths[index] ?? 0, width, fontSize);
      sums[index + 1] = (sums[index] ?? 0) + height;
    }
    return sums;
  }, [count, lengths, estimate, width, fontSize, measuredVersion]);

  const lineAt = useCallback(
    (y: number) => {
      let low = 0;
      let high = count;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((offsets[middle + 1] ?? 0) <= y) low = middle + 1;
        else high = middle;
      }
      return Math.min(low, count);
    },
    [offsets, count],
  );

  const first = Math.max(0, lineAt(view.top - OVERSCAN_PX));
  const last = Math.min(count, lineAt(view.top + view.height + OVERSCAN_PX) + 1);
  const total = offsets[count] ?? 0;

  // Measure what was rendered; keep the reading position when lines above the view change height.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let changed = false;
    let aboveView = 0;
    for (const node of element.querySelectorAll<HTMLElement>("[data-line]")) {
      const index = Number(node.dataset.line);
      const height = node.offsetHeight;
      if (!height) continue;
      const before = measured.current.get(index) ?? estimate(lengths[index] ?? 0, width, fontSize);
      if (Math.abs(before - height) < 1) continue;
      measured.current.set(index, height);
      changed = true;
      if ((offsets[index + 1] ?? 0) <= element.scrollTop) aboveView += height - before;
    }
    if (aboveView) {
      programmatic.current = true;
      element.scrollTop += aboveView;
    }
    if (changed) setMeasuredVersion((version) => version + 1);
  });

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    if (programmatic.current) programmatic.current = false;
    else lastUserScroll.current = performance.now();
    setView((previous) => (previous.top === element.scrollTop ? previous : { ...previous, top: element.scrollTop }));
  }, [scroller]);

  const scrollToLine = useCallback(
    (index: number, align: "start" | "center" = "start") => {
      const element = scroller.current;
      if (!element) return;
      const top = offsets[index] ?? 0;
      const height = (offsets[index + 1] ?? top) - top;
      const target = Math.max(0, align === "center" ? top - (view.height - height) / 2 : top);
      programmatic.current = true;
      element.scrollTop = target;
      // Where layout is missing the element keeps no scroll position: the window moves anyway.
      setView((previous) => ({ ...previous, top: target }));
    },
    [scroller, offsets, view.height],
  );

  const isLineInView = useCallback(
    (index: number) => (offsets[index] ?? 0) >= view.top && (offsets[index + 1] ?? 0) <= view.top + view.height,
    [offsets, view.top, view.height],
  );

  return {
    first,
    last,
    padTop: offsets[first] ?? 0,
    padBottom: total - (offsets[last] ?? total),
    onScroll,
    scrollToLine,
    isLineInView,
    lastUserScroll,
  };
}
