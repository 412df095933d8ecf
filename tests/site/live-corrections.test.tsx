import { act, screen, waitFor, within } from "@testing-library/react";
import { type LiveServerMessage, liveServerMessage, type WatchServerMessage } from "@worker/live/contracts/live.ts";
import { describe, expect, it } from "vitest";
import { LiveConnection } from "../../site/src/live/live-connection.ts";
import type { Segment } from "../../site/src/live/transcript-export.ts";
import { RelaySocket, speakForTheRelay } from "./relay-socket.ts";
import { openWatchPage } from "./watch-page.tsx";

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

speakForTheRelay();

/** The speaker's page as a LiveConnection drives it, starting from the finals it shows already. */
function pageShowing(initial: Segment[]) {
  let shown = initial;
  const connection = new LiveConnection(
    {
      onLive: () => {},
      onReconnecting: () => {},
      onInterim: () => {},
      onFinal: (segment) => {
        shown = [...shown, segment];
      },
      onCorrection: (previous, corrected) => {
        shown = shown.map((segment) => (segment === previous ? corrected : segment));
      },
      onSession: () => {},
      onAudioDropped: () => {},
      onEnded: () => {},
    },
    () => Promise.reject(new Error("no second ticket")),
    liveServerMessage,
  );
  return { connection, shown: () => shown };
}

describe("live captions corrected by the accurate pass", () => {
  it("on /watch, a correction replaces the words of the final it names, in place, with no new line", async () => {
    await openWatchPage();
    await act(async () => {
      RelaySocket.latest?.say(final(1, "e kaaro"));
      RelaySocket.latest?.say(final(2, "a dupe"));
      RelaySocket.latest?.say(final(1, "Ẹ káàárọ̀.", true));
    });
    const log = screen.getByRole("log");
    await waitFor(() =>
      expect(
        within(log)
          .getAllByRole("paragraph")
          .map((line) => line.textContent),
      ).toEqual(["Ẹ káàárọ̀.", "a dupe"]),
    );
  });

  it("on the speaker's page, a correction takes the place of the final it names, and one for a final the page never had is ignored", async () => {
    const { connection, shown } = pageShowing([]);
    connection.open({ ticket: "ticket", expires_in: 60, seconds_left: null, session_id: null });
    const relay = RelaySocket.latest;
    relay?.say({ type: "ready", session_id: "s", resume_token: "r", restart_audio: false });
    relay?.say(final(1, "e kaaro") as LiveServerMessage);
    relay?.say(final(2, "a dupe") as LiveServerMessage);
    relay?.say(final(2, "A dúpẹ́.", true) as LiveServerMessage);
    relay?.say(final(7, "never shown", true) as LiveServerMessage);
    expect(shown().map(({ text, startMs }) => ({ text, startMs }))).toEqual([
      { text: "e kaaro", startMs: 3000 },
      { text: "A dúpẹ́.", startMs: 6000 },
    ]);
    connection.dispose();
  });

  it("after a reload, a correction of a final shown before it still takes that final's place", () => {
    const before: Segment = { text: "e kaaro", startMs: 3000, endMs: 6000, speaker: "1" };
    const { connection, shown } = pageShowing([before]);
    connection.reattach({ id: "s", token: "r", seq: 1 }, new Map([[1, before]]));
    const relay = RelaySocket.latest;
    relay?.say({ type: "ready", session_id: "s", resume_token: "r2", restart_audio: true });
    relay?.say(final(1, "Ẹ káàárọ̀.", true) as LiveServerMessage);
    relay?.say(final(2, "a dupe") as LiveServerMessage);
    expect(shown().map(({ text, startMs }) => ({ text, startMs }))).toEqual([
      { text: "Ẹ káàárọ̀.", startMs: 3000 },
      { text: "a dupe", startMs: 6000 },
    ]);
    connection.dispose();
  });
});
