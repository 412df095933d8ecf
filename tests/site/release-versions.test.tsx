import { render, screen, within } from "@testing-library/react";
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
