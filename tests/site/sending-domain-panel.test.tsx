import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SendingDomainPanel } from "../../site/src/organisation/sending-domain-panel.tsx";
import type { SendingDomainResponse } from "../../worker/organisation/contracts/sending-domain.ts";

afterEach(() => vi.restoreAllMocks());

const none: SendingDomainResponse = {
  domain: null,
  local_part: "newsroom",
  status: null,
  records: [],
  from: "Vox <no-reply@vox.ng>",
  checked_at: null,
};

const records = (status: string) => [
  {
    record: "SPF",
    type: "MX",
    name: "send",
    value: "feedback-smtp.us-east-1.amazonses.com",
    ttl: "Auto",
    priority: 10,
    status,
  },
  {
    record: "SPF",
    type: "TXT",
    name: "send",
    value: '"v=spf1 include:amazonses.com ~all"',
    ttl: "Auto",
    priority: null,
    status,
  },
  {
    record: "DKIM",
    type: "TXT",
    name: "resend._domainkey",
    value: "p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC",
    ttl: "Auto",
    priority: null,
    status,
  },
];

const pending: SendingDomainResponse = {
  ...none,
  domain: "news.ijoba.ng",
  status: "pending",
  records: records("pending"),
  checked_at: "2026-11-28T10:00:00.000Z",
};

const verified: SendingDomainResponse = {
  ...pending,
  status: "verified",
  records: records("verified"),
  from: '"Ìjọba Water Trust" <newsroom@news.ijoba.ng>',
};

function renderPanel() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SendingDomainPanel />
    </SWRConfig>,
  );
}

/** Answers `answers[method]` for the panel's calls and records what was sent. */
function serve(answers: Record<string, (body: unknown) => Response>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url: String(input), body });
    const answer = answers[method.toLowerCase()];
    return answer ? answer(body) : Response.json({ message: "unexpected", code: "unexpected" }, { status: 500 });
  });
  return calls;
}

describe("Settings' sending domain panel", () => {
  it("refuses an address with its scheme on the field, without asking the Worker", async () => {
    const user = userEvent.setup();
    const calls = serve({ get: () => Response.json(none) });
    renderPanel();
    const field = await screen.findByRole("textbox", { name: "Domain" });
    await user.type(field, "https://news.ijoba.ng");
    await user.click(screen.getByRole("button", { name: "Add domain" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(/without http:\/\/ or https:\/\//);
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
  });

  it("shows the Worker's refusal (another organisation's domain) on the domain field", async () => {
    const user = userEvent.setup();
    const message = "Another organisation on Vox sends from this domain.";
    const calls = serve({
      get: () => Response.json(none),
      put: () =>
        Response.json({ message, code: "sending_domain_taken", errors: { domain: [message] } }, { status: 409 }),
    });
    renderPanel();
    const field = await screen.findByRole("textbox", { name: "Domain" });
    await user.type(field, "News.Ijoba.ng");
    await user.click(screen.getByRole("button", { name: "Add domain" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(message);
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      domain: "news.ijoba.ng",
      local_part: "newsroom",
    });
  });

  it("lists the records to publish with copy buttons, and Check again says when the domain is verified", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const calls = serve({ get: () => Response.json(pending), post: () => Response.json(verified) });
    renderPanel();

    const table = await screen.findByRole("table", { name: /DNS records to add at news\.ijoba\.ng/ });
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(screen.getByRole("status")).toHaveTextContent(/Waiting for the records/);
    await user.click(screen.getByRole("button", { name: "Copy the value of the TXT record 3" }));
    expect(writeText).toHaveBeenCalledWith(records("pending")[2]?.value);

    await user.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(/Verified/));
    expect(calls.some((call) => call.method === "POST" && call.url.endsWith("/sending-domain/verify"))).toBe(true);
    expect(screen.getByText(verified.from)).toBeInTheDocument();
  });

  it("removes the domain after asking, and says releases go from Vox again", async () => {
    const user = userEvent.setup();
    const calls = serve({ get: () => Response.json(pending), delete: () => Response.json(none) });
    renderPanel();
    await user.click(await screen.findByRole("button", { name: "Remove domain" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("textbox", { name: "Domain" })).toHaveValue("");
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
