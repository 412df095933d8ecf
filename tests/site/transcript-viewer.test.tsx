import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SpeakerNames, Utterance } from "@worker/transcripts/contracts/transcript.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TranscriptViewer } from "../../site/src/transcripts/transcript-viewer.tsx";
import { longTranscript } from "../fixtures/long-transcript.ts";

const timed = (text: string, from: number) =>
  text.split(" ").map((word, index) => ({ text: word, start: from + index, end: from + index + 0.8 }));

/** "B" speaks first, so B is Speaker 1 whatever its label. */
const meeting: Utterance[] = [
  { speaker: "B", start: 0, end: 3.8, text: "Welcome to the briefing.", words: timed("Welcome to the briefing.", 0) },
  {
    speaker: "A",
    start: 4,
    end: 7.8,
    text: "Thank you, the budget grew.",
    words: timed("Thank you, the budget grew.", 4),
  },
  {
    speaker: "B",
    start: 3700,
    end: 3702.8,
    text: "Questions on the budget?",
    words: timed("Questions on the budget?", 3700),
  },
];

const speakersOf = (container: HTMLElement) =>
  [...container.querySelectorAll(".utterance__speaker")].map((node) => node.textContent);

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("the transcript viewer", () => {
  it("names speakers in order of first appearance, or by the names given, with h:mm:ss times", () => {
    const { container, rerender } = render(<TranscriptViewer utterances={meeting} />);
    expect(speakersOf(container)).toEqual(["Speaker 1", "Speaker 2", "Speaker 1"]);
    expect([...container.querySelectorAll(".utterance__time")].map((node) => node.textContent)).toEqual([
      "0:00:00",
      "0:00:04",
      "1:01:40",
    ]);
    rerender(<TranscriptViewer utterances={meeting} speakerNames={{ A: "Ngozi" }} />);
    expect(speakersOf(container)).toEqual(["Speaker 1", "Ngozi", "Speaker 1"]);
  });

  it("renames a speaker everywhere at once, saves it, and announces it", async () => {
    const user = userEvent.setup();
    let finish: (names: SpeakerNames) => void = () => {};
    const save = vi.fn(() => new Promise<SpeakerNames>((resolve) => (finish = resolve)));
    const { container } = render(<TranscriptViewer utterances={meeting} renameSpeaker={save} />);
    await user.click(screen.getByRole("button", { name: "Rename Speaker 1" }));
    await user.type(screen.getByLabelText("Name for Speaker 1"), "Amaka");
    await user.click(screen.getByRole("button", { name: "Save" }));
    // Shown before the Worker answers.
    expect(speakersOf(container)).toEqual(["Amaka", "Speaker 2", "Amaka"]);
    expect(save).toHaveBeenCalledWith("B", "Amaka");
    expect(screen.getByText("Speaker 1 is now Amaka throughout the transcript.")).toBeInTheDocument();
    await act(async () => finish({ B: "Amaka" }));
    expect(screen.getByRole("button", { name: "Rename Amaka" })).toHaveFocus();
  });

  it("puts the old name back when saving a name fails", async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.reject(new Error("offline")));
    const { container } = render(<TranscriptViewer utterances={meeting} renameSpeaker={save} />);
    await user.click(screen.getByRole("button", { name: "Rename Speaker 2" }));
    await user.type(screen.getByLabelText("Name for Speaker 2"), "Tunde{Enter}");
    await screen.findByText("Tunde could not be saved; the name is Speaker 2 again.");
    expect(speakersOf(container)).toEqual(["Speaker 1", "Speaker 2", "Speaker 1"]);
  });

  it("highlights every match, announces the count and steps through matches by keyboard", async () => {
    const user = userEvent.setup();
    const { container } = render(<TranscriptViewer utterances={meeting} />);
    const search = screen.getByLabelText("Search the transcript");
    await user.type(search, "budget");
    // A live region, so the count is announced.
    expect(screen.getByText("Match 1 of 2")).toHaveAttribute("role", "status");
    expect([...container.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["budget", "budget?"]);
    expect(container.querySelector(".word--hit-active")?.textContent).toBe("budget");
    await user.keyboard("{Enter}");
    expect(screen.getByText("Match 2 of 2")).toBeInTheDocument();
    expect(container.querySelector(".word--hit-active")?.textContent).toBe("budget?");
    await user.keyboard("{Shift>}{Enter}{/Shift}");
    expect(screen.getByText("Match 1 of 2")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "the budget gr");
    expect(screen.getByText("Match 1 of 1")).toBeInTheDocument();
    await user.type(search, "x");
    expect(screen.getByText("No matches")).toBeInTheDocument();
  });

  it("plays from a clicked word or time, and marks the word being spoken as the recording plays", async () => {
    const user = userEvent.setup();
    const { container } = render(<TranscriptViewer utterances={meeting} recording={{ src: "/recording.mp3" }} />);
    const audio = container.querySelector("audio") as HTMLAudioElement;
    await user.click(screen.getByText("budget"));
    expect(audio.currentTime).toBe(7);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "1:01:40, play from here" }));
    expect(audio.currentTime).toBe(3700);

    const spoken = () => container.querySelector('[aria-current="time"]')?.textContent;
    audio.currentTime = 5.2;
    fireEvent.timeUpdate(audio);
    expect(spoken()).toBe("you,");
    audio.currentTime = 6.5;
    fireEvent.timeUpdate(audio);
    expect(spoken()).toBe("the");
    expect(document.activeElement).not.toBe(container.querySelector('[aria-current="time"]'));
  });

  it("asks for the recording's address only when it is wanted, and offers to load it again when the stream fails", async () => {
    const user = userEvent.setup();
    const address = vi.fn(async () => "https://api.vox.test/api/media/first");
    const { container } = render(<TranscriptViewer utterances={meeting} recording={{ address }} />);
    expect(address).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Play the recording" }));
    const audio = await waitFor(() => container.querySelector("audio") as HTMLAudioElement);
    expect(address).toHaveBeenCalledTimes(1);
    expect(audio.getAttribute("src")).toBe("https://api.vox.test/api/media/first");

    // Offline, or the address expired: the player goes and a button asks for a new address.
    fireEvent.error(audio);
    expect(container.querySelector("audio")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("The recording could not be loaded. Try again.");
    address.mockResolvedValueOnce("https://api.vox.test/api/media/second");
    await user.click(screen.getByRole("button", { name: "Play the recording" }));
    await waitFor(() =>
      expect(container.querySelector("audio")?.getAttribute("src")).toBe("https://api.vox.test/api/media/second"),
    );
    expect(address).toHaveBeenCalledTimes(2);
  });

  it("renders a two-hour transcript in a window, and its search still finds the very last word", async () => {
    const user = userEvent.setup();
    const utterances = longTranscript(20_000);
    const { container } = render(<TranscriptViewer utterances={utterances} />);
    const rendered = container.querySelectorAll(".word").length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(1_000);
    await user.type(screen.getByLabelText("Search the transcript"), "finale");
    expect(screen.getByText("Match 1 of 1")).toBeInTheDocument();
    const found = container.querySelector(".word--hit-active");
    expect(found?.textContent).toBe("finale.");
    expect(found?.closest("[data-line]")?.getAttribute("data-line")).toBe(String(utterances.length - 1));
    expect(container.querySelectorAll(".word").length).toBeLessThan(1_000);
  });

  it("exports each format through the Worker and saves the file it names", async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => "blob:export");
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const exportAs = vi.fn(async (format: string) => ({ blob: new Blob(["1"]), name: `meeting.${format}` }));
    render(<TranscriptViewer utterances={meeting} exportAs={exportAs} />);
    const group = screen.getByRole("group", { name: "Export the transcript" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((button) => button.textContent?.trim()),
    ).toEqual(["TXT", "SRT", "VTT", "DOCX"]);
    await user.click(within(group).getByRole("button", { name: "VTT" }));
    expect(exportAs).toHaveBeenCalledWith("vtt");
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("meeting.vtt");
  });
});
