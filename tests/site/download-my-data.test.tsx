import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AccountFilesLinks } from "@worker/accounts/contracts/account-files-links.ts";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DownloadMyData } from "../../site/src/account/download-my-data.tsx";

afterEach(() => vi.restoreAllMocks());

const link = (part: number, parts: number) => ({
  part,
  url: `https://api.vox.test/api/downloads/tok/${part}`,
  file_name: `vox-files-2026-11-27-part-${part}-of-${parts}.zip`,
});

function answering(links: AccountFilesLinks) {
  return vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(links));
}

/** Every link the page clicks to start a download: where it points and the name it asks for. */
function clickedLinks() {
  return vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
}

describe("Settings › Account › Download my files", () => {
  it("has the browser download a single zip from its link, never fetching the zip itself", async () => {
    const fetch = answering({
      expires_at: "2026-11-27T08:00:00.000Z",
      files: [{ ...link(1, 1), file_name: "vox-files-2026-11-27.zip" }],
    });
    const click = clickedLinks();
    render(<DownloadMyData />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole("button", { name: "Download my files (zip)" }));
    await screen.findByText("Your browser is downloading vox-files-2026-11-27.zip.");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/account\/export\/files\/links$/);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.href).toBe("https://api.vox.test/api/downloads/tok/1");
    expect(anchor.download).toBe("vox-files-2026-11-27.zip");
  });

  it("lists each zip of a large account as its own link, to download one by one", async () => {
    answering({ expires_at: "2026-11-27T08:00:00.000Z", files: [link(1, 3), link(2, 3), link(3, 3)] });
    const click = clickedLinks();
    render(<DownloadMyData />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole("button", { name: "Download my files (zip)" }));
    await screen.findByText("Your files come in 3 zips. Download each one below; the links work for an hour.");
    const links = within(screen.getByRole("list")).getAllByRole("link");
    expect(links.map((each) => [each.textContent, each.getAttribute("href")])).toEqual([
      ["Part 1 of 3: vox-files-2026-11-27-part-1-of-3.zip", "https://api.vox.test/api/downloads/tok/1"],
      ["Part 2 of 3: vox-files-2026-11-27-part-2-of-3.zip", "https://api.vox.test/api/downloads/tok/2"],
      ["Part 3 of 3: vox-files-2026-11-27-part-3-of-3.zip", "https://api.vox.test/api/downloads/tok/3"],
    ]);
    expect(click).not.toHaveBeenCalled();
  });
});
