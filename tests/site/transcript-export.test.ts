import { describe, expect, it } from "vitest";
import { toSrt, transcriptText } from "../../site/src/live/transcript-export.ts";
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
});
