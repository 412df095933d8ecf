import type { LiveServerMessage, WatchServerMessage } from "@worker/live/contracts/live.ts";
import { afterEach, beforeEach, vi } from "vitest";

/** The live relay's socket as a page opens it: the test speaks for the relay. */
export class RelaySocket extends EventTarget {
  static latest: RelaySocket | null = null;
  readonly readyState = 1;
  constructor(readonly url: string) {
    super();
    RelaySocket.latest = this;
    queueMicrotask(() => this.dispatchEvent(new Event("open")));
  }
  say(message: WatchServerMessage | LiveServerMessage) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
  close() {}
}

/** For each test of the calling file: pages open a `RelaySocket`, and the caption log has no layout to observe in jsdom. */
export function speakForTheRelay(): void {
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
}
