import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TranscriptActions } from "../../site/src/live/transcript-actions.tsx";
import { toSrt, toText, transcriptText } from "../../site/src/live/transcript-export.ts";
import { cueTime } from "../../worker/transcripts/contracts/transcript-formats.ts";

describe("transcript export", () => {
  it("formats SubRip and WebVTT timestamps with hours, minutes, seconds and milliseconds", () => {
    expect(cueTime(0, "srt")).toBe("00:00:00,000");
    expect(cueTime(3723.004, "srt")).toBe("01:02:03,004");
    expect(cueTime(3723.004, "vtt")).toBe("01:02:03.004");
  });

  it("numbers one cue per final segment, each with its own times and its speaker's name", () => {
    const segments = [
      { text: "Good morning, Lagos.", startMs: 0, endMs: 1500, speaker: "1" },
      { text: "Here is the news.", startMs: 1500, endMs: 1500, speaker: "2" },
    ];
    expect(toSrt(segments)).toBe(
      "1\n00:00:00,000 --> 00:00:01,500\nSpeaker 1: Good morning, Lagos.\n\n2\n00:00:01,500 --> 00:00:01,501\nSpeaker 2: Here is the news.\n",
    );
    expect(transcriptText(segments)).toBe("Good morning, Lagos. Here is the news.");
  });

  it("writes the TXT saved after a recording as the kept transcript's: a paragraph per final with its time and speaker", () => {
    const segments = [
      { text: "Good morning, Lagos.", startMs: 0, endMs: 1500, speaker: "1" },
      { text: "Here is the news.", startMs: 61_500, endMs: 63_000, speaker: "2" },
    ];
    expect(toText(segments)).toBe("[00:00] Speaker 1: Good morning, Lagos.\n\n[01:01] Speaker 2: Here is the news.\n");
  });
});

describe("the exports beside a transcript just recorded", () => {
  it("saves the TXT with each final's time and speaker, under the recording's name", async () => {
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return "blob:transcript";
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const segments = [{ text: "Ẹ káàárọ̀.", startMs: 2000, endMs: 3000, speaker: "2" }];
    render(<TranscriptActions segments={segments} name="town-hall-2026-11-28" />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Export TXT" }));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("town-hall-2026-11-28.txt");
    expect(await saved[0]?.text()).toBe("[00:02] Speaker 1: Ẹ káàárọ̀.\n");
    click.mockRestore();
  });
});
