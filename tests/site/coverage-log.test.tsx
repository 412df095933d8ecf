import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CoverageItem } from "@worker/press-releases/contracts/coverage.ts";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CoverageLog } from "../../site/src/press-release/coverage-log.tsx";

afterEach(() => vi.restoreAllMocks());

const RELEASE_ID = "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11";

/** The Worker's coverage routes over a list kept here; a repeated address answers its 409. */
function serve() {
  const items: CoverageItem[] = [];
  const calls: { url: string; method: string; body?: Record<string, string> }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
    calls.push({ url: String(input), method, ...(body ? { body } : {}) });
    if (method === "POST" && body) {
      if (items.some((item) => item.url === body.url)) {
        const message = "This address is already in the release's coverage";
        return Response.json({ message, code: "coverage_exists", errors: { url: [message] } }, { status: 409 });
      }
      const item = { id: crypto.randomUUID(), created_at: new Date().toISOString(), ...body } as CoverageItem;
      items.push(item);
      return Response.json(item, { status: 201 });
    }
    if (method === "DELETE") {
      items.splice(0, 1);
      return Response.json({ message: "Coverage removed" });
    }
    return Response.json({ items: [...items].sort((a, b) => b.published_at.localeCompare(a.published_at)) });
  });
  return calls;
}

function renderLog() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CoverageLog releaseId={RELEASE_ID} />
    </SWRConfig>,
  );
}

describe("a release's coverage log on VoxRelease", () => {
  it("logs an article with the keyboard, lists it with its day, refuses the same address on its field, and removes it", async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderLog();
    const region = await screen.findByRole("region", { name: "Coverage" });
    expect(await within(region).findByText("No coverage logged yet.")).toBeVisible();

    const form = within(region).getByRole("form", { name: "Log coverage" });
    await user.type(within(form).getByLabelText("Article or broadcast address"), "https://punchng.example/boreholes");
    await user.type(within(form).getByLabelText("Outlet"), "Punch");
    const day = within(form).getByLabelText("Day it ran");
    await user.clear(day);
    await user.type(day, "2026-11-20");
    await user.keyboard("{Enter}");

    const list = await within(region).findByRole("list", { name: "Coverage of this release" });
    expect(within(list).getByRole("link", { name: "Punch" })).toHaveAttribute(
      "href",
      "https://punchng.example/boreholes",
    );
    expect(list).toHaveTextContent("20 Nov 2026");
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      url: `/api/press-releases/${RELEASE_ID}/coverage`,
      body: { url: "https://punchng.example/boreholes", outlet: "Punch", published_at: "2026-11-20" },
    });
    // Ready for the next piece: emptied, the day kept, focus back on the address.
    expect(within(form).getByLabelText("Article or broadcast address")).toHaveFocus();
    expect(within(form).getByLabelText("Article or broadcast address")).toHaveValue("");
    expect(day).toHaveValue("2026-11-20");

    await user.type(within(form).getByLabelText("Article or broadcast address"), "https://punchng.example/boreholes");
    await user.type(within(form).getByLabelText("Outlet"), "Punch Online");
    await user.click(within(form).getByRole("button", { name: "Log coverage" }));
    expect(await within(form).findByText("This address is already in the release's coverage")).toBeVisible();
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);

    await user.click(within(list).getByRole("button", { name: "Remove Punch (https://punchng.example/boreholes)" }));
    expect(await within(region).findByText("No coverage logged yet.")).toBeVisible();
  });
});
