import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BillingResponse } from "@worker/billing/contracts/billing.ts";
import type { InvoicesResponse } from "@worker/billing/contracts/invoices.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderSite, signIn } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

const user = {
  id: "u1",
  name: "Kemi Adeleke",
  email: "kemi@example.ng",
  subscription_status: 1,
  plan: "monthly",
  trial_ends_at: "2026-11-20T00:00:00.000Z",
  subscription_expires_at: "2026-12-25T10:00:00.000Z",
  email_verified: true,
};

const active: BillingResponse = {
  plan: "monthly",
  status: "active",
  current_period_end: "2026-12-25T10:00:00.000Z",
  grace_until: null,
  auto_renew: true,
  next_charge_amount: 1_000_000,
  card: { brand: "visa", last4: "4081" },
  receipts: [
    {
      id: "f1",
      amount: 1_000_000,
      currency: "NGN",
      paid_at: "2026-11-25T10:00:00.000Z",
      reference: "vox-order-1",
    },
  ],
  usage: [
    { tool: "live", label: "Live transcription (VoxScribe)", unit: "seconds", used: 9_000, allowance: 36_000 },
    {
      tool: "storage",
      label: "Storage across the tools",
      unit: "bytes",
      used: 1.5 * 1024 ** 3,
      allowance: 20 * 1024 ** 3,
    },
  ],
};

const invoices: InvoicesResponse = {
  items: [
    {
      id: "inv-2",
      number: "VOX-2026-000042",
      issued_at: "2026-11-25T10:00:00.000Z",
      plan: "monthly",
      period_start: "2026-11-25T10:00:00.000Z",
      period_end: "2026-12-25T10:00:00.000Z",
      amount: 1_000_000,
      vat: 69_767,
      currency: "NGN",
      status: "paid",
    },
    {
      id: "inv-1",
      number: "VOX-2026-000007",
      issued_at: "2026-10-25T10:00:00.000Z",
      plan: "yearly",
      period_start: "2026-10-25T10:00:00.000Z",
      period_end: "2027-10-25T10:00:00.000Z",
      amount: 10_000_000,
      vat: 697_674,
      currency: "NGN",
      status: "paid",
    },
  ],
};

/**
 * The Worker as the site sees it: `/auth/me`, `/api/billing` answering `billing` (PATCH applies), and
 * the invoices with their PDFs.
 */
function serve(billing: BillingResponse, listed: InvoicesResponse = invoices) {
  let current = billing;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/auth/me") return Response.json({ data: user });
    if (url === "/api/billing/invoices") return Response.json(listed);
    if (url === "/api/billing/invoices/inv-2?format=pdf") {
      return new Response("%PDF-1.7", {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'attachment; filename="VOX-2026-000042.pdf"',
        },
      });
    }
    if (url === "/api/billing") {
      if (init?.method === "PATCH") {
        const { auto_renew } = JSON.parse(String(init.body)) as { auto_renew: boolean };
        current = { ...current, auto_renew, next_charge_amount: auto_renew ? 1_000_000 : null };
      }
      return Response.json(current);
    }
    if (url === "/api/plans") return new Response(null, { status: 404 });
    return Response.json({ message: "Not found", code: "not_found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function openBilling() {
  signIn(user);
  renderSite("/settings");
  await userEvent.click(await screen.findByRole("tab", { name: "Billing and plans" }));
  return screen.getByRole("tabpanel");
}

describe("Settings › Billing and plans", () => {
  it("shows the plan, the next charge in naira, the card and usage meters", async () => {
    serve(active);
    const panel = await openBilling();
    await within(panel).findByText("₦10,000 on 25 Dec 2026");
    expect(panel).toHaveTextContent("Monthly plan, active until 25 Dec 2026.");
    expect(panel).toHaveTextContent("Visa ending 4081");
    expect(panel).toHaveTextContent("Seats: the owner only, sharing its live hours, storage and speech allowances.");
    expect(within(panel).getByRole("switch", { name: "Auto-renew" })).toBeChecked();
    const live = within(panel).getByRole("meter", { name: "Live transcription (VoxScribe)" });
    expect(live).toHaveAttribute("value", "9000");
    expect(live).toHaveAttribute("max", "36000");
    expect(panel).toHaveTextContent("2 h 30 min of 10 h used");
    expect(panel).toHaveTextContent("1.5 GB of 20 GB used");
    expect(within(panel).queryByRole("button", { name: /^Renew/ })).toBeNull();
  });

  it("states the seats of the plan held: on Yearly, 3 people", async () => {
    serve({ ...active, plan: "yearly" });
    const panel = await openBilling();
    await within(panel).findByText(/Yearly plan, active until/);
    expect(panel).toHaveTextContent("Seats: 3 people");
  });

  it("lists the invoices, newest first, with number, date, plan and amount, and downloads one as its PDF", async () => {
    const fetchMock = serve(active);
    const created = vi.fn((_blob: Blob) => "blob:invoice");
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} });
    const panel = await openBilling();
    const section = (await within(panel).findByRole("heading", { name: "Invoices" })).closest("section") as HTMLElement;
    const rows = await within(section).findAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      "VOX-2026-00004225 Nov 2026Monthly₦10,000.00PDF",
      "VOX-2026-00000725 Oct 2026Yearly₦100,000.00PDF",
    ]);
    // No 53-character payment reference and no host name: the invoice number is the reference.
    expect(section).not.toHaveTextContent("vox-order-1");
    expect(section).not.toHaveTextContent(window.location.host);
    await userEvent.click(within(section).getByRole("button", { name: "Download invoice VOX-2026-000042 (PDF)" }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith("/api/billing/invoices/inv-2?format=pdf", expect.anything());
    expect(created.mock.calls[0]?.[0].type).toBe("application/pdf");
  });

  it("turning auto-renew off is saved, announced, and the next charge goes", async () => {
    const fetchMock = serve(active);
    const panel = await openBilling();
    const toggle = await within(panel).findByRole("switch", { name: "Auto-renew" });
    await userEvent.click(toggle);
    await within(panel).findByText("Auto-renew is off: your plan will end with this period.");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/billing",
      expect.objectContaining({ method: "PATCH", body: JSON.stringify({ auto_renew: false }) }),
    );
    expect(toggle).not.toBeChecked();
    expect(panel).toHaveTextContent("None: auto-renew is off, so the plan ends on 25 Dec 2026");
  });

  it("a declined renewal shows the grace period's end and offers another card", async () => {
    serve({ ...active, status: "grace", grace_until: "2026-12-28T10:00:00.000Z" });
    const panel = await openBilling();
    await within(panel).findByText(/renewal payment was declined/);
    expect(panel).toHaveTextContent("Your tools stay open until 28 Dec 2026");
    expect(within(panel).getByRole("button", { name: "Pay with another card: ₦10,000 for Monthly" })).toBeVisible();
  });

  it("says so when there is no card on file and no invoice yet", async () => {
    serve({ ...active, card: null, receipts: [] }, { items: [] });
    const panel = await openBilling();
    await within(panel).findByText("No card on file");
    await within(panel).findByText("No payments yet.");
  });

  it("a lapsed plan is said to have ended and can be bought again", async () => {
    serve({ ...active, status: "lapsed", auto_renew: false, next_charge_amount: null });
    const panel = await openBilling();
    await within(panel).findByText(/Your Monthly plan has ended/);
    expect(within(panel).getByRole("button", { name: "Renew: ₦10,000 for Monthly" })).toBeVisible();
    expect(within(panel).queryByRole("switch")).toBeNull();
  });
});

describe("/pricing for a paying user", () => {
  const planCard = async (name: string) => (await screen.findByRole("heading", { name })).closest("li") as HTMLElement;

  it("marks the plan held with its renewal date, without Get Started, and says what an upgrade does", async () => {
    serve(active);
    signIn(user);
    renderSite("/pricing");
    const monthly = await planCard("Monthly");
    await within(monthly).findByText("Your plan · renews 25 Dec 2026");
    expect(within(monthly).queryByRole("button", { name: "Get Started" })).toBeNull();
    expect(within(monthly).getByRole("link", { name: "Manage billing" })).toHaveAttribute("href", "/settings#billing");
    const yearly = await planCard("Yearly");
    expect(within(yearly).getByRole("button", { name: "Get Started" })).toBeVisible();
    expect(yearly).toHaveTextContent("Upgrade: Yearly starts today and runs on from the end of your Monthly period");
  });

  it("says the plan ends when auto-renew is off", async () => {
    serve({ ...active, auto_renew: false, next_charge_amount: null });
    signIn(user);
    renderSite("/pricing");
    const monthly = await planCard("Monthly");
    await within(monthly).findByText("Your plan · ends 25 Dec 2026");
  });
});

describe("live transcription time, in Settings › Billing and in VoxScribe", () => {
  it("is written in hours and minutes in both, from the same seconds", async () => {
    const used = 2 * 3600 + 30 * 60 + 59;
    const billing: BillingResponse = {
      ...active,
      usage: active.usage.map((item) => (item.tool === "live" ? { ...item, used } : item)),
    };
    serve(billing);
    const panel = await openBilling();
    const meter = await within(panel).findByRole("meter", { name: "Live transcription (VoxScribe)" });
    expect(meter).toHaveAttribute("aria-valuetext", "2 h 30 min of 10 h used");

    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/auth/me") return Response.json({ data: user });
        if (url === "/api/live/usage")
          return Response.json({ used_seconds: used, quota_seconds: 36_000, month: "2026-11" });
        return Response.json({ message: "Not found", code: "not_found" }, { status: 404 });
      }),
    );
    renderSite("/voxscribe");
    // 36,000 − 9,059 seconds: 7 h 29 min and some seconds, never rounded up.
    const left = await screen.findByText("7 h 29 min of live transcription left this month");
    for (const text of [meter.getAttribute("aria-valuetext"), left.textContent]) {
      expect(text).not.toMatch(/hours|minutes|\d\.\d/);
    }
  });
});
