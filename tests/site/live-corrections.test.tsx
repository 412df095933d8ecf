import { act, render, screen, within } from "@testing-library/react";
import type { WatchServerMessage } from "@worker/live/contracts/live.ts";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CaptionViewer } from "../../site/src/live/caption-viewer.tsx";

/** The caption link's socket: the test speaks for the relay. */
class RelaySocket extends EventTarget {
  static latest: RelaySocket | null = null;
  readonly readyState = 1;
  constructor(readonly url: string) {
    super();
    RelaySocket.latest = this;
    queueMicrotask(() => this.dispatchEvent(new Event("open")));
  }
  say(message: WatchServerMessage) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
  close() {}
}

const final = (seq: number, text: string, correction?: true): WatchServerMessage => ({
  type: "transcript",
  is_final: true,
  seq,
  start: seq * 3,
  duration: 3,
  speaker: "1",
  text,
  ...(correction ? { correction } : {}),
});

beforeEach(() => {
  vi.stubGlobal("WebSocket", RelaySocket);
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  RelaySocket.latest = null;
});

describe("live captions corrected by the accurate pass", () => {
  it("on /watch, a correction replaces the words of the final it names, in place, with no new line", async () => {
    render(
      <MemoryRouter initialEntries={["/watch/token"]}>
        <Routes>
          <Route path="/watch/:token" element={<CaptionViewer />} />
        </Routes>
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(RelaySocket.latest).not.toBeNull());
    await act(async () => {
      RelaySocket.latest?.say(final(1, "e kaaro"));
      RelaySocket.latest?.say(final(2, "a dupe"));
      RelaySocket.latest?.say(final(1, "Ẹ káàárọ̀.", true));
    });
    const log = screen.getByRole("log");
    await vi.waitFor(() =>
      expect(
        within(log)
          .getAllByRole("paragraph")
          .map((line) => line.textContent),
      ).toEqual(["Ẹ káàárọ̀.", "a dupe"]),
    );
  });
});
