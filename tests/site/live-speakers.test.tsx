import { act, render, screen, waitFor, within } from "@testing-library/react";
import type { WatchServerMessage } from "@worker/live/contracts/live.ts";
import { describe, expect, it } from "vitest";
import { LiveTranscriptText } from "../../site/src/live/live-transcript-text.tsx";
import type { Segment } from "../../site/src/live/transcript-export.ts";
import { RelaySocket, speakForTheRelay } from "./relay-socket.ts";
import { openWatchPage } from "./watch-page.tsx";

const final = (seq: number, speaker: string, text: string): WatchServerMessage => ({
  type: "transcript",
  is_final: true,
  seq,
  start: seq * 3,
  duration: 3,
  speaker,
  text,
});

speakForTheRelay();

async function watching(messages: WatchServerMessage[]) {
  await openWatchPage();
  await act(async () => {
    for (const message of messages) RelaySocket.latest?.say(message);
  });
  const log = screen.getByRole("log");
  const lines = messages.filter((message) => message.type === "transcript").length;
  await waitFor(() => expect(within(log).getAllByRole("paragraph")).toHaveLength(lines));
  return within(log).getAllByRole("paragraph");
}

describe("live captions with speakers", () => {
  it("on /watch, name the speaker in the log (what a screen reader is read) where the speaker changes, once the session has two", async () => {
    const lines = await watching([
      final(1, "1", "Good morning, Lagos."),
      final(2, "1", "We have news."),
      final(3, "2", "When does it start?"),
      final(4, "1", "In March."),
    ]);
    expect(lines.map((line) => line.textContent)).toEqual([
      "Speaker 1: Good morning, Lagos.",
      "We have news.",
      "Speaker 2: When does it start?",
      "Speaker 1: In March.",
    ]);
  });

  it("on /watch, use the names the speaker gave, before the finals or after them", async () => {
    const lines = await watching([
      { type: "speakers", names: { "2": "Journalist" } },
      final(1, "1", "Good morning, Lagos."),
      final(2, "2", "When does it start?"),
    ]);
    expect(lines.map((line) => line.textContent)).toEqual([
      "Speaker 1: Good morning, Lagos.",
      "Journalist: When does it start?",
    ]);
    await act(async () => RelaySocket.latest?.say({ type: "speakers", names: { "1": "Ada Obi", "2": "Journalist" } }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("log"))
          .getAllByRole("paragraph")
          .map((line) => line.textContent),
      ).toEqual(["Ada Obi: Good morning, Lagos.", "Journalist: When does it start?"]),
    );
  });

  it("on /watch, name nobody while the session has one speaker", async () => {
    const lines = await watching([final(1, "1", "Good morning, Lagos."), final(2, "1", "We have news.")]);
    expect(lines.map((line) => line.textContent)).toEqual(["Good morning, Lagos.", "We have news."]);
  });

  it("on VoxScribe, the transcript is one paragraph for one speaker and a named paragraph per turn for two", () => {
    const segment = (speaker: string, text: string, at: number): Segment => ({
      speaker,
      text,
      startMs: at * 1000,
      endMs: at * 1000 + 900,
    });
    const one = [segment("1", "Good morning.", 0), segment("1", "We have news.", 1)];
    const { container, rerender } = render(<LiveTranscriptText segments={one} interim="and" placeholder="…" />);
    expect([...container.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["Good morning. We have news. and"]);

    const two = [...one, segment("2", "When?", 2), segment("1", "In March.", 3)];
    rerender(<LiveTranscriptText segments={two} interim="and" placeholder="…" />);
    expect([...container.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Speaker 1: Good morning. We have news.",
      "Speaker 2: When?",
      "Speaker 1: In March. and",
    ]);
  });
});
