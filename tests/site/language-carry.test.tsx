import { languageRefusal } from "@contracts/language-support.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NEAR_LIVE_NOTE } from "@worker/live/contracts/live-constants.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSite } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

async function languageControl(path: string) {
  vi.stubGlobal("fetch", async () => Response.json({ message: "Not found", code: "not_found" }, { status: 404 }));
  renderSite(path);
  // The tool's code loads lazily, as on a first visit.
  const select = await screen.findByLabelText("Language");
  return { tool: select.closest("form") as HTMLElement, select };
}

describe("a language chosen in one tool, opening another", () => {
  it("a tool that does not take it opens in English and says why, without a refusal", async () => {
    localStorage.setItem("vox_language", "pcm");
    const { tool, select } = await languageControl("/vox-sentiment");
    expect(select).toHaveValue("en");
    expect(within(tool).getByText(/this tool does not take Naijá \(Pidgin\) yet/)).toBeVisible();
    expect(within(tool).queryByText(languageRefusal("sentiment", "pcm") ?? "-")).toBeNull();
    expect(localStorage.getItem("vox_language")).toBe("pcm");
  });

  it("chosen in that tool, the language is shown as chosen, with the tool's reason", async () => {
    localStorage.setItem("vox_language", "en");
    const { tool, select } = await languageControl("/vox-sentiment");
    await userEvent.selectOptions(select, "pcm");
    expect(select).toHaveValue("pcm");
    expect(within(tool).getByText(languageRefusal("sentiment", "pcm") ?? "-")).toBeVisible();
  });

  it("a tool that takes it opens in it", async () => {
    localStorage.setItem("vox_language", "pcm");
    const { tool, select } = await languageControl("/vox-speaks");
    expect(select).toHaveValue("pcm");
    expect(within(tool).queryByText(/does not take/)).toBeNull();
  });
});

describe("live captions from the page", () => {
  it("Yorùbá and Hausa can be started from the page, since the relay decodes its audio; Igbo can too, with a note that its captions lag; Naijá says why not and Start stays off", async () => {
    localStorage.setItem("vox_language", "en");
    const { select } = await languageControl("/voxscribe");
    for (const language of ["yo", "ha"]) {
      await userEvent.selectOptions(select, language);
      expect(select).toHaveValue(language);
      expect(screen.queryByText(/Live transcription is available in/)).toBeNull();
      expect(screen.getByRole("button", { name: "Start recording" })).toBeEnabled();
    }
    await userEvent.selectOptions(select, "ig");
    expect(screen.getByText(NEAR_LIVE_NOTE)).toBeVisible();
    expect(screen.getByRole("button", { name: "Start recording" })).toBeEnabled();
    await userEvent.selectOptions(select, "pcm");
    expect(screen.queryByText(NEAR_LIVE_NOTE)).toBeNull();
    expect(screen.getByText(languageRefusal("live", "pcm") ?? "-")).toBeVisible();
    expect(screen.getByRole("button", { name: "Start recording" })).toBeDisabled();
  });
});
