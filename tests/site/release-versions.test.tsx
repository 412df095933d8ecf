import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReleaseEditor } from "../../site/src/press-release/release-editor.tsx";

afterEach(() => vi.restoreAllMocks());

const version = (number: number) => ({
  number,
  text: `# Version ${number}`,
  headlines: [],
  created_at: "2026-11-22T10:00:00.000Z",
});

const release = {
  id: "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11",
  file_name: "briefing.wav",
  bytes: 1000,
  language: "en" as const,
  status: "completed" as const,
  text: "# Version 23",
  created_at: "2026-11-22T10:00:00.000Z",
  updated_at: "2026-11-22T10:01:00.000Z",
};

describe("a release's versions in the editor", () => {
  it("lists the newest page and loads older versions a page at a time when asked", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const before = new URL(String(input), "https://vox.test").searchParams.get("before");
      const numbers = before === null ? [23, 22, 21] : [3, 2, 1];
      return Response.json({ items: numbers.map(version), next_before: before === null ? 21 : null });
    });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          <ReleaseEditor release={release} />
        </MemoryRouter>
      </SWRConfig>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Versions" }));
    const versions = screen.getByRole("region", { name: "Versions" });
    await within(versions).findByText(/Version 21/);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/versions$/);

    await userEvent.click(within(versions).getByRole("button", { name: "Show older versions" }));
    await within(versions).findByRole("button", { name: "Restore version 1" });
    expect(String(fetch.mock.calls.at(-1)?.[0])).toMatch(/\/versions\?before=21$/);
    expect(within(versions).getAllByRole("listitem")).toHaveLength(6);
    expect(within(versions).queryByRole("button", { name: "Show older versions" })).toBeNull();
  });
});

describe("a release's copy in the recording's language in the editor", () => {
  const translated = { ...release, language: "yo" as const, text: "# Ìjọba ṣí kànga mẹ́wàá" };

  it("saves, lists versions of and downloads the copy through its own paths, the file named by the Worker", async () => {
    const user = userEvent.setup();
    const calls: { url: string; method: string; body?: unknown }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes("/export")) {
        return new Response("%PDF-", {
          headers: { "content-disposition": 'attachment; filename="ijoba-si-kanga-mewaa-yo-2026-11-22.pdf"' },
        });
      }
      if (method === "PATCH") return Response.json({ text: "", saved: true });
      return Response.json({ items: [version(1)], next_before: null });
    });
    Object.assign(URL, { createObjectURL: () => "blob:export", revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter>
          <ReleaseEditor release={translated} language="yo" />
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(screen.queryByRole("button", { name: /Write again/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Edit text in Yorùbá" }));
    const area = screen.getByLabelText("Press release in Yorùbá (Markdown)");
    expect(area).toHaveAttribute("lang", "yo");
    await user.type(area, " ọ̀");
    await user.click(screen.getByRole("button", { name: "Download PDF in Yorùbá" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    // The edit is saved before the download, so the file is what the editor shows.
    expect(calls.slice(0, 2)).toEqual([
      {
        url: `/api/press-releases/${release.id}/translation`,
        method: "PATCH",
        body: { text: "# Ìjọba ṣí kànga mẹ́wàá ọ̀" },
      },
      { url: `/api/press-releases/${release.id}/translation/export?format=pdf`, method: "GET", body: undefined },
    ]);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("ijoba-si-kanga-mewaa-yo-2026-11-22.pdf");

    await user.click(screen.getByRole("button", { name: "Versions in Yorùbá" }));
    await within(screen.getByRole("region", { name: "Versions in Yorùbá" })).findByText(/Version 1/);
    expect(calls.at(-1)?.url).toBe(`/api/press-releases/${release.id}/translation/versions`);
  });
});
