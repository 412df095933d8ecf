import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Role } from "@worker/workspaces/contracts/workspaces.ts";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PreferencesForm } from "../../site/src/account/preferences-form.tsx";
import { Component as Settings } from "../../site/src/account/settings.tsx";
import { ContactsList } from "../../site/src/contacts/contacts-list.tsx";
import { LiveTool } from "../../site/src/live/live-tool.tsx";
import { PressKitForm } from "../../site/src/organisation/press-kit-form.tsx";
import { SendingDomainPanel } from "../../site/src/organisation/sending-domain-panel.tsx";
import { PressReleaseResult } from "../../site/src/press-release/press-release-result.tsx";
import { PressReleaseTool } from "../../site/src/press-release/press-release-tool.tsx";
import { RecordingsList } from "../../site/src/recordings/recordings-list.tsx";
import { SentimentTool } from "../../site/src/sentiment/sentiment-tool.tsx";
import { HistoryPanel } from "../../site/src/speech/history-panel.tsx";
import { TtsTool } from "../../site/src/speech/tts-tool.tsx";
import { VoiceConversionTool } from "../../site/src/speech/voice-conversion-tool.tsx";
import { ModalContext } from "../../site/src/ui/modal-context.ts";
import { KEMI } from "./people.ts";
import { signIn } from "./render.tsx";
import { AGENCY, type FakeWorker, serveWorkspaces } from "./workspaces-server.ts";

afterEach(() => vi.unstubAllGlobals());

const NOTE =
  "You are a viewer in Eko PR Agency: you can read, play and export its work. Ask an owner or admin for the editor role to make changes.";

/** The agency's work, as the Worker answers it to any member. */
const WORK: Readonly<Record<string, unknown>> = {
  "/api/organisation": {
    name: "Eko PR Agency",
    boilerplate: "A Lagos agency.",
    spokespeople: [{ name: "Bisi Ola", title: "Director" }],
    media_contact: { name: "Bisi Ola", email: "bisi@ekopr.example", phone: "" },
    dateline_city: "Lagos",
    slug: null,
  },
  "/api/organisation/sending-domain": {
    domain: "news.ekopr.example",
    local_part: "newsroom",
    status: "verified",
    records: [
      {
        record: "DKIM",
        type: "TXT",
        name: "resend._domainkey",
        value: "p=MIGf",
        ttl: "Auto",
        priority: null,
        status: "verified",
      },
    ],
    from: "Eko PR Agency <newsroom@news.ekopr.example>",
    checked_at: "2026-11-28T10:00:00.000Z",
  },
  "/api/vocabulary": { terms: ["Ekiti", "Bisi Ola"] },
  "/api/preferences": { language: "en" },
  "/api/contacts": {
    items: [
      {
        id: "c1",
        name: "Adaeze Okafor",
        email: "adaeze@punchng.example",
        outlet: "Punch",
        beat: "Business",
        phone: "",
        tags: [],
        subscribed: true,
        stopped: null,
        created_at: "2026-11-28T08:00:00.000Z",
        updated_at: "2026-11-28T08:00:00.000Z",
      },
    ],
    total: 1,
    next_offset: null,
  },
  "/api/recordings": {
    items: [
      {
        id: "r1",
        file_name: "briefing.wav",
        bytes: 9_000_000,
        content_type: "audio/wav",
        created_at: "2026-11-22T10:00:00.000Z",
        used_by: [],
      },
    ],
    storage: { used_bytes: 9_000_000, quota_bytes: null },
  },
};

/** `screen` rendered in the agency's workspace, where Kemi holds `role`. */
function renderAs(role: Role, screenShown: ReactNode, extra?: Readonly<Record<string, unknown>>): FakeWorker {
  const answers = { ...WORK, ...extra };
  const fake = serveWorkspaces((url, init) => {
    const answer = answers[(url.split("?")[0] ?? url).replace(/(.)\/$/, "$1")];
    return (init?.method ?? "GET") === "GET" && answer !== undefined ? Response.json(answer) : undefined;
  });
  fake.workspaces = [{ ...AGENCY, role }];
  signIn(KEMI);
  localStorage.setItem("vox_workspace", AGENCY.id);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <ModalContext.Provider value={{ openModal: () => undefined, closeModal: () => undefined }}>
          {screenShown}
        </ModalContext.Provider>
      </MemoryRouter>
    </SWRConfig>,
  );
  return fake;
}

/** Long enough for the workspace's answer to have come and been shown. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("a viewer in Settings", () => {
  it("reads the press kit without saving or changing spokespeople", async () => {
    renderAs("viewer", <PressKitForm />);
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Organisation name" })).toHaveValue("Eko PR Agency"),
    );
    // Disabled once the workspace's answer has said Kemi is a viewer there.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Organisation name" })).toBeDisabled());
    expect(screen.queryByRole("button", { name: "Save press kit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add a spokesperson" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove spokesperson/ })).not.toBeInTheDocument();
  });

  it("says once on the Profile tab why the workspace's vocabulary, press kit and sending domain cannot be changed", async () => {
    renderAs("viewer", <Settings />);
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Organisation name" })).toHaveValue("Eko PR Agency"),
    );
    expect(
      await screen.findByText("An owner or admin of Eko PR Agency adds, checks and removes its sending domain."),
    ).toBeInTheDocument();
    expect(screen.getAllByText(NOTE)).toHaveLength(1);
    const [note] = screen.getAllByText(NOTE);
    const vocabulary = screen.getByRole("heading", { name: "Vocabulary" });
    expect(note?.compareDocumentPosition(vocabulary)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("shows an editor no viewer's note on the Profile tab", async () => {
    renderAs("editor", <Settings />);
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Organisation name" })).not.toBeDisabled());
    await settled();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it("lets an editor save the press kit", async () => {
    renderAs("editor", <PressKitForm />);
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Organisation name" })).not.toBeDisabled());
    await settled();
    expect(screen.getByRole("button", { name: "Save press kit" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove spokesperson 1" })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it("shows an editor the sending domain and its records, without its controls", async () => {
    renderAs("editor", <SendingDomainPanel />);
    expect(
      await screen.findByText("An owner or admin of Eko PR Agency adds, checks and removes its sending domain."),
    ).toBeInTheDocument();
    expect(screen.getByRole("table", { name: /DNS records to add at news.ekopr.example/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check again" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove domain" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save address" })).not.toBeInTheDocument();
  });

  it("lets an admin check, remove and readdress the sending domain", async () => {
    renderAs("admin", <SendingDomainPanel />);
    expect(await screen.findByRole("button", { name: "Check again" })).toBeInTheDocument();
    await settled();
    expect(screen.getByRole("button", { name: "Remove domain" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save address" })).toBeInTheDocument();
    expect(screen.queryByText(/adds, checks and removes its sending domain/)).not.toBeInTheDocument();
  });

  it("reads the vocabulary without saving it", async () => {
    renderAs("viewer", <PreferencesForm />);
    const terms = screen.getByRole("textbox", { name: "Names and terms to recognise" });
    await waitFor(() => expect(terms).toHaveValue("Ekiti\nBisi Ola"));
    expect(terms).toHaveAttribute("readonly");
    expect(screen.queryByRole("button", { name: "Save vocabulary" })).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Language" })).not.toBeDisabled();
  });

  it("lets an editor save the vocabulary", async () => {
    renderAs("editor", <PreferencesForm />);
    const terms = screen.getByRole("textbox", { name: "Names and terms to recognise" });
    await waitFor(() => expect(terms).toHaveValue("Ekiti\nBisi Ola"));
    await settled();
    expect(terms).not.toHaveAttribute("readonly");
    expect(screen.getByRole("button", { name: "Save vocabulary" })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it("reads the media list without importing, editing or deleting", async () => {
    renderAs("viewer", <ContactsList />);
    expect(await screen.findByText("Adaeze Okafor")).toBeInTheDocument();
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByText("Choose a CSV file")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Edit Adaeze Okafor/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Delete Adaeze Okafor/ })).not.toBeInTheDocument();
  });

  it("lets an editor import, edit and delete contacts", async () => {
    renderAs("editor", <ContactsList />);
    expect(await screen.findByRole("button", { name: /^Edit Adaeze Okafor/ })).toBeInTheDocument();
    await settled();
    expect(screen.getByRole("button", { name: /^Delete Adaeze Okafor/ })).toBeInTheDocument();
    expect(screen.getByText("Choose a CSV file")).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it("lists the recordings without Delete", async () => {
    renderAs("viewer", <RecordingsList />);
    expect(await screen.findByText("briefing.wav")).toBeInTheDocument();
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete the recording briefing.wav" })).not.toBeInTheDocument();
  });

  it("lets an editor delete a recording", async () => {
    renderAs("editor", <RecordingsList />);
    expect(await screen.findByRole("button", { name: "Delete the recording briefing.wav" })).toBeInTheDocument();
    await settled();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });
});

const RELEASE = "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11";
const release = {
  id: RELEASE,
  file_name: "briefing.wav",
  bytes: 1000,
  language: "yo" as const,
  status: "completed" as const,
  text: "# Lagos opens ten boreholes\n\nThe state said so.",
  translation: { language: "yo" as const, text: "# Èkó ṣí kànga mẹ́wàá\n\nÌpínlẹ̀ sọ bẹ́ẹ̀." },
  utterances: [{ speaker: "A", start: 0, end: 2, text: "Ten boreholes.", words: [] }],
  created_at: "2026-11-22T10:00:00.000Z",
  updated_at: "2026-11-22T10:01:00.000Z",
};
/** A release on the newsroom, sent to one journalist, with an image and a piece of coverage. */
const RELEASE_WORK = {
  [`/api/press-releases/${RELEASE}/publish`]: {
    url: "https://vox.example/newsroom/eko/lagos-opens-ten-boreholes",
    status: "published",
    publish_at: "2026-11-22T11:00:00.000Z",
  },
  [`/api/press-releases/${RELEASE}/distribution`]: {
    sent: 1,
    opened: 0,
    clicked: 0,
    unsubscribed: 0,
    bounced: 0,
    recipients: [
      { email: "adaeze@punchng.example", outlet: "Punch", status: "sent", opened_at: null, clicked_at: null },
    ],
  },
  [`/api/press-releases/${RELEASE}/coverage`]: {
    items: [
      {
        id: "cov1",
        url: "https://punchng.example/boreholes",
        outlet: "Punch",
        published_at: "2026-11-23",
        created_at: "2026-11-23T09:00:00.000Z",
      },
    ],
  },
  [`/api/press-releases/${RELEASE}/attachments`]: {
    items: [
      {
        id: "img1",
        content_type: "image/png",
        bytes: 2000,
        width: 1200,
        height: 800,
        alt: "A borehole in Ikorodu",
        caption: "",
        created_at: "2026-11-22T10:05:00.000Z",
      },
    ],
    recording: { attached: true, available: true },
  },
  "/api/contacts/tags": { tags: ["business"] },
};

describe("a viewer on a release", () => {
  it("sees where it went and what it earned, without Publish, Take down, Send, coverage, attachments or renaming", async () => {
    renderAs("viewer", <PressReleaseResult release={release} />, RELEASE_WORK);
    expect(await screen.findByRole("link", { name: /newsroom\/eko/ })).toBeInTheDocument();
    expect(await screen.findByText("adaeze@punchng.example")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Punch" })).toBeInTheDocument();
    expect(await screen.findByText("A borehole in Ikorodu")).toBeInTheDocument();
    expect(screen.getAllByText("You can read this release; an editor can change it.")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Take down" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Publish/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Send the release" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Send to your media list" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Log coverage" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove Punch/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Attach an image" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove image/ })).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Attach the recording" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: /^Edit text in/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /Show the transcript it was written from/ }));
    const transcript = await screen.findByRole("region", { name: "Source transcript" });
    expect((await within(transcript).findAllByText("Speaker 1")).length).toBeGreaterThan(0);
    expect(within(transcript).queryByRole("button", { name: /^Rename/ })).not.toBeInTheDocument();
  });

  it("lets an editor publish, send, log coverage, attach and rename", async () => {
    renderAs("editor", <PressReleaseResult release={release} />, {
      ...RELEASE_WORK,
      "/api/contacts": { items: [], total: 1, next_offset: null },
    });
    expect(await screen.findByRole("button", { name: "Take down" })).toBeInTheDocument();
    expect(await screen.findByRole("form", { name: "Send the release" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Log coverage" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^Remove Punch/ })).toBeInTheDocument();
    expect(await screen.findByRole("form", { name: "Attach an image" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove image: A borehole in Ikorodu" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Attach the recording" })).not.toBeDisabled();
    expect(screen.getByRole("button", { name: /^Edit text in/ })).toBeInTheDocument();
    await settled();
    expect(screen.queryByText("You can read this release; an editor can change it.")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /Show the transcript it was written from/ }));
    const transcript = await screen.findByRole("region", { name: "Source transcript" });
    expect(await within(transcript).findByRole("button", { name: "Rename Speaker 1" })).toBeInTheDocument();
  });
});

const job = {
  id: "j1",
  status: "completed" as const,
  file_name: "briefing.wav",
  bytes: 1000,
  language: "en" as const,
  created_at: "2026-11-22T10:00:00.000Z",
  updated_at: "2026-11-22T10:01:00.000Z",
};
/** The agency's past work in each tool. */
const TOOL_WORK = {
  "/api/history": {
    items: [
      {
        id: "a1",
        kind: "tts",
        voice_id: "v1",
        text_excerpt: "Good morning, Lagos",
        characters: 19,
        bytes: 9000,
        created_at: "2026-11-22T10:00:00.000Z",
      },
      {
        id: "a2",
        kind: "voice-conversion",
        voice_id: "v1",
        text_excerpt: "",
        characters: 0,
        bytes: 9000,
        created_at: "2026-11-22T10:00:00.000Z",
      },
    ],
  },
  "/api/press-releases": { items: [job], storage: { used_bytes: 1000, quota_bytes: null } },
  "/api/sentiment": { items: [{ ...job, recording_kept: false }] },
  "/api/live/transcripts": {
    transcripts: [
      {
        id: "t1",
        title: "Monday briefing",
        language: "en",
        status: "ended",
        duration_seconds: 60,
        started_at: "2026-11-22T10:00:00.000Z",
        ended_at: "2026-11-22T10:01:00.000Z",
        preview: "Good morning",
      },
    ],
  },
  "/api/live/transcripts/t1": {
    id: "t1",
    title: "Monday briefing",
    language: "en",
    status: "ended",
    duration_seconds: 60,
    started_at: "2026-11-22T10:00:00.000Z",
    ended_at: "2026-11-22T10:01:00.000Z",
    preview: "Good morning",
    segments: [{ seq: 1, text: "Good morning", start: 0, duration: 2, speaker: "A" }],
    utterances: [{ speaker: "A", start: 0, end: 2, text: "Good morning", words: [] }],
  },
};

describe("a viewer in the tools", () => {
  it("Vox Speaks: replays and downloads the workspace's speech, and generates or deletes none", async () => {
    renderAs(
      "viewer",
      <>
        <TtsTool />
        <HistoryPanel kind="tts" />
      </>,
      TOOL_WORK,
    );
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(await screen.findByText("Good morning, Lagos")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download mp3" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Generate Speech" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Text" })).not.toBeInTheDocument();
  });

  it("Vox Speaks: lets an editor generate and delete", async () => {
    renderAs(
      "editor",
      <>
        <TtsTool />
        <HistoryPanel kind="tts" />
      </>,
      TOOL_WORK,
    );
    expect(await screen.findByRole("button", { name: "Delete" })).toBeInTheDocument();
    await settled();
    expect(screen.getByRole("button", { name: "Generate Speech" })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it("VoxOver: converts no voice for a viewer", async () => {
    renderAs("viewer", <VoiceConversionTool />, TOOL_WORK);
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Convert" })).not.toBeInTheDocument();
  });

  it("VoxOver: converts for an editor", async () => {
    renderAs("editor", <VoiceConversionTool />, TOOL_WORK);
    await settled();
    expect(screen.getByRole("button", { name: "Convert" })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it("Vox Sentiment: lists the reports to open, and starts or deletes none", async () => {
    renderAs("viewer", <SentimentTool />, TOOL_WORK);
    expect(await screen.findByRole("button", { name: /^briefing\.wav/ })).toBeInTheDocument();
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Use Vox Sentiment" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete the report on briefing.wav" })).not.toBeInTheDocument();
  });

  it("Vox Sentiment: lets an editor analyse and delete", async () => {
    renderAs("editor", <SentimentTool />, TOOL_WORK);
    expect(await screen.findByRole("button", { name: "Delete the report on briefing.wav" })).toBeInTheDocument();
    await settled();
    expect(screen.getByRole("button", { name: "Use Vox Sentiment" })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it("VoxRelease: lists the releases to open, and writes or deletes none", async () => {
    renderAs("viewer", <PressReleaseTool />, TOOL_WORK);
    expect(await screen.findByRole("button", { name: /^briefing\.wav/ })).toBeInTheDocument();
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Generate press release" })).not.toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Delete the press release from briefing.wav" }),
    ).not.toBeInTheDocument();
  });

  it("VoxRelease: lets an editor write and delete", async () => {
    renderAs("editor", <PressReleaseTool />, TOOL_WORK);
    expect(
      await screen.findByRole("button", { name: "Delete the press release from briefing.wav" }),
    ).toBeInTheDocument();
    await settled();
    expect(screen.getByRole("button", { name: "Generate press release" })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it.each([
    ["viewer", "Nothing yet. What the workspace's editors generate appears here, ready to replay or download."],
    ["editor", "Nothing yet. What you generate appears here, ready to replay or download."],
  ] as const)("Vox Speaks with no audio yet, as %s: says who fills the list", async (role, empty) => {
    renderAs(role, <HistoryPanel kind="tts" />, { "/api/history": { items: [] } });
    await settled();
    expect(await screen.findByText(empty)).toBeInTheDocument();
  });

  it.each([
    ["viewer", "None yet. Every recording the workspace's editors make is saved here."],
    ["editor", "None yet. Every recording you make is saved here."],
  ] as const)("VoxScribe with nothing saved yet, as %s: says who fills the list", async (role, empty) => {
    renderAs(role, <LiveTool />, { "/api/live/transcripts": { transcripts: [] } });
    await settled();
    expect(await screen.findByText(empty)).toBeInTheDocument();
  });

  it("VoxScribe: opens the saved transcripts, and records, renames or deletes none", async () => {
    renderAs("viewer", <LiveTool />, TOOL_WORK);
    expect(await screen.findByRole("button", { name: /^Monday briefing/ })).toBeInTheDocument();
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Start recording/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Rename Monday briefing" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Monday briefing" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /^Monday briefing/ }));
    const transcript = await screen.findByRole("region", { name: "Transcript: Monday briefing" });
    expect((await within(transcript).findAllByText("Speaker 1")).length).toBeGreaterThan(0);
    expect(within(transcript).getByRole("group", { name: "Export the transcript" })).toBeInTheDocument();
    expect(within(transcript).getByRole("button", { name: "Copy" })).toBeInTheDocument();
    expect(within(transcript).queryByRole("button", { name: /^Rename/ })).not.toBeInTheDocument();
  });

  it("VoxScribe: lets an editor record, rename and delete", async () => {
    renderAs("editor", <LiveTool />, TOOL_WORK);
    expect(await screen.findByRole("button", { name: "Delete Monday briefing" })).toBeInTheDocument();
    await settled();
    expect(screen.getByRole("button", { name: /Start recording/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Rename Monday briefing" })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /^Monday briefing/ }));
    const transcript = await screen.findByRole("region", { name: "Transcript: Monday briefing" });
    expect(await within(transcript).findByRole("button", { name: "Rename Speaker 1" })).toBeInTheDocument();
  });
});
