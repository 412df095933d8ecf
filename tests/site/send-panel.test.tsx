import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Distribution } from "@worker/distribution/contracts/distribution.ts";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DistributionPanel, SendPanel } from "../../site/src/press-release/send-panel.tsx";

afterEach(() => vi.restoreAllMocks());

const RELEASE_ID = "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11";

const NOTHING_SENT: Distribution = { sent: 0, opened: 0, clicked: 0, unsubscribed: 0, bounced: 0, recipients: [] };

/** The Worker's contact and sending routes over a list of `total` contacts tagged `tags`. */
function serve({ total, tags }: { total: number; tags: string[] }) {
  let distribution = NOTHING_SENT;
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, ...(body ? { body } : {}) });
    if (url.startsWith("/api/contacts/tags")) return Response.json({ tags });
    if (url.startsWith("/api/contacts")) return Response.json({ items: [], total, next_offset: null });
    if (method === "POST") {
      distribution = {
        sent: 2,
        opened: 1,
        clicked: 1,
        unsubscribed: 0,
        bounced: 0,
        recipients: [
          {
            email: "adaeze@punchng.example",
            outlet: "Punch",
            status: "sent",
            opened_at: "2026-11-28T09:00:00Z",
            clicked_at: "2026-11-28T09:01:00Z",
          },
          {
            email: "musa@dailytrust.example",
            outlet: "Daily Trust",
            status: "sent",
            opened_at: null,
            clicked_at: null,
          },
        ],
      };
      return Response.json({ queued: 2, already_sent: 0 }, { status: 202 });
    }
    return Response.json(distribution);
  });
  return calls;
}

function renderPanels() {
  return render(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map() }}>
        <SendPanel releaseId={RELEASE_ID} />
        <DistributionPanel releaseId={RELEASE_ID} />
      </SWRConfig>
    </MemoryRouter>,
  );
}

describe("the Send panel on VoxRelease", () => {
  it("sends to the contacts of a tag with the keyboard, then shows the figures and each recipient", async () => {
    const user = userEvent.setup();
    const calls = serve({ total: 3, tags: ["Energy", "Tech"] });
    renderPanels();
    const figures = await screen.findByRole("region", { name: "Distribution" });
    expect(await within(figures).findByText("Not sent to anyone yet.")).toBeVisible();

    const form = await screen.findByRole("form", { name: "Send the release" });
    await user.click(within(form).getByRole("radio", { name: /Contacts with these tags/ }));
    await user.click(await within(form).findByRole("checkbox", { name: "Tech" }));
    await user.type(within(form).getByLabelText("Subject (optional)"), "For your tech desk");
    await user.keyboard("{Enter}");

    expect(await screen.findByText("Sending to 2 contacts.")).toBeVisible();
    expect(calls.find((call) => call.method === "POST")).toMatchObject({
      url: `/api/press-releases/${RELEASE_ID}/send`,
      body: { tags: ["Tech"], subject: "For your tech desk" },
    });
    const numbers = within(figures).getByRole("list", { name: "Recipients" });
    expect(within(numbers).getAllByRole("listitem")).toHaveLength(2);
    const shown = Object.fromEntries(
      within(figures)
        .getAllByRole("term")
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(shown).toEqual({ Sent: "2", Opened: "1", Clicked: "1", Unsubscribed: "0", Bounced: "0" });
    expect(numbers).toHaveTextContent(/Punch · Sent · opened .+ · clicked/);
  });

  it("asks for a tag rather than sending to nobody", async () => {
    const user = userEvent.setup();
    const calls = serve({ total: 3, tags: ["Tech"] });
    renderPanels();
    const form = await screen.findByRole("form", { name: "Send the release" });
    await user.click(within(form).getByRole("radio", { name: /Contacts with these tags/ }));
    await user.click(within(form).getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Pick at least one tag");
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("says where to import contacts when the list is empty", async () => {
    serve({ total: 0, tags: [] });
    renderPanels();
    const region = await screen.findByRole("region", { name: "Send to your media list" });
    expect(await within(region).findByText(/No contacts yet — import them in/)).toBeVisible();
    expect(within(region).getByRole("link", { name: "Settings › Contacts" })).toHaveAttribute(
      "href",
      "/settings#contacts",
    );
    expect(within(region).queryByRole("form")).toBeNull();
  });
});
