import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FEATURES, HOURLY_REQUESTS, PLANS } from "../../worker/billing/contracts/plans.ts";
import { formatNaira, groupThousands } from "../../worker/contracts/numbers.ts";
import { renderSite } from "./render.tsx";

// /pricing renders the shared plan table at once and then what GET /api/plans answers.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url === "/api/plans"
        ? Response.json({ plans: PLANS, features: FEATURES, hourlyRequests: HOURLY_REQUESTS })
        : new Response(null, { status: 404 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("/pricing", () => {
  it("formats naira the Nigerian way, as Intl would, without loading Intl's locale data", () => {
    const intl = new Intl.NumberFormat("en-NG", {
      style: "currency",
      currency: "NGN",
      currencyDisplay: "narrowSymbol",
      maximumFractionDigits: 0,
    });
    expect(formatNaira(10_000)).toBe("₦10,000");
    for (const amount of [0, 7, 999, 1_000, 10_000, 100_000, 999_999, 1_000_000, 123_456_789]) {
      expect(formatNaira(amount)).toBe(intl.format(amount));
    }
    expect(groupThousands(-1_234_567)).toBe(new Intl.NumberFormat("en").format(-1_234_567));
  });

  it("shows Monthly and Yearly prices, marks Yearly Popular, and Enterprise is contact-only", async () => {
    renderSite("/pricing");
    const monthly = (await screen.findByRole("heading", { name: "Monthly" })).closest("li") as HTMLElement;
    const yearly = screen.getByRole("heading", { name: "Yearly" }).closest("li") as HTMLElement;
    const enterprise = screen.getByRole("heading", { name: "Enterprise" }).closest("li") as HTMLElement;
    expect(monthly).toHaveTextContent("₦10,000 / month");
    expect(yearly).toHaveTextContent("₦100,000 / year");
    expect(within(yearly).getByText("Popular")).toBeVisible();
    expect(within(monthly).queryByText("Popular")).toBeNull();
    expect(enterprise).toHaveTextContent("Custom quote");
    expect(within(enterprise).queryByRole("button", { name: "Get Started" })).toBeNull();
    await userEvent.click(within(enterprise).getByRole("button", { name: "Contact Us" }));
    expect(await screen.findByRole("dialog", { name: "Request Consultation" })).toBeVisible();
  });

  it("Get Started asks a logged-out visitor to log in", async () => {
    renderSite("/pricing");
    const monthly = (await screen.findByRole("heading", { name: "Monthly" })).closest("li") as HTMLElement;
    await userEvent.click(within(monthly).getByRole("button", { name: "Get Started" }));
    expect(await screen.findByRole("dialog", { name: "Login" })).toBeVisible();
  });

  it("a plan chosen while logged out survives the login and opens that plan's checkout", async () => {
    const person = {
      id: "u1",
      name: "Ada",
      email: "ada@example.ng",
      phone_number: "+2348031234567",
      organization_name: "",
      subscription_status: 2,
      plan: null,
      trial_ends_at: "2026-11-29T00:00:00.000Z",
      subscription_expires_at: null,
      email_verified: true,
    };
    const paid: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/plans")
          return Response.json({ plans: PLANS, features: FEATURES, hourlyRequests: HOURLY_REQUESTS });
        if (url === "/auth/signin") return Response.json({ message: "Logged in", token: "t1", data: person });
        if (url === "/api/payments/initialize") {
          paid.push(String(init?.body));
          return Response.json({ authorization_url: "about:blank#checkout", reference: "r1", access_code: "a1" });
        }
        return new Response(null, { status: 404 });
      }),
    );
    renderSite("/pricing");
    const yearly = (await screen.findByRole("heading", { name: "Yearly" })).closest("li") as HTMLElement;
    await userEvent.click(within(yearly).getByRole("button", { name: "Get Started" }));
    const login = await screen.findByRole("dialog", { name: "Login" });
    await userEvent.type(within(login).getByLabelText("Email"), person.email);
    await userEvent.type(within(login).getByLabelText("Password"), "correct horse battery");
    await userEvent.click(within(login).getByRole("button", { name: "Login" }));
    // The checkout is started for the plan chosen before logging in (the browser then leaves for it).
    await waitFor(() => expect(paid).toHaveLength(1));
    expect(JSON.parse(paid[0] ?? "{}")).toMatchObject({ plan: "yearly" });
    expect(sessionStorage.getItem("vox_pending_plan")).toBeNull();
  });

  it("lists the feature matrix: support is not in Monthly but is in Yearly and Enterprise", async () => {
    renderSite("/pricing");
    const row = (await screen.findByRole("rowheader", { name: "Customer support" })).closest("tr") as HTMLElement;
    const cells = within(row).getAllByRole("cell");
    expect(cells.map((cell) => cell.querySelector("svg")?.getAttribute("aria-label"))).toEqual([
      "Not included",
      "Included",
      "Included",
    ]);
    const hours = screen.getByRole("rowheader", { name: "Live transcription (hours per month)" }).closest("tr");
    expect(
      within(hours as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["10", "20", "Unlimited"]);
  });
});

describe("/pricing and the Worker's plan table", () => {
  it("renders the plans before the API answers, and keeps them when it cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ message: "Down", code: "x" }, { status: 503 })),
    );
    renderSite("/pricing");
    const monthly = screen.getByRole("heading", { name: "Monthly" }).closest("li") as HTMLElement;
    expect(monthly).toHaveTextContent("₦10,000 / month");
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/plans", expect.anything()));
    // Let the failed request settle and the page re-render before looking again.
    await act(async () => {
      await vi.mocked(fetch).mock.results[0]?.value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole("heading", { name: "Monthly" }).closest("li")).toHaveTextContent("₦10,000 / month");
  });

  it("shows the price the Worker answers when it differs from the one built in", async () => {
    const repriced = PLANS.map((plan) => (plan.id === "monthly" ? { ...plan, priceNaira: 12_500 } : plan));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ plans: repriced, features: FEATURES, hourlyRequests: HOURLY_REQUESTS })),
    );
    renderSite("/pricing");
    const monthly = () => screen.getByRole("heading", { name: "Monthly" }).closest("li") as HTMLElement;
    await waitFor(() => expect(monthly()).toHaveTextContent("₦12,500 / month"));
  });
});

describe("/pricing says what each plan gives", () => {
  const card = (name: string) =>
    screen.getByRole("list", { name: `${name} allowances` }).closest("li.plan") as HTMLElement;
  const allowances = (name: string) =>
    within(screen.getByRole("list", { name: `${name} allowances` }))
      .getAllByRole("listitem")
      .map((item) => item.textContent);

  it("lists every allowance of the plan table on each plan, in the units Billing and VoxScribe use", async () => {
    renderSite("/pricing");
    await screen.findByRole("heading", { name: "Monthly" });
    for (const plan of PLANS) {
      const hours = plan.liveTranscriptionHours;
      expect(allowances(plan.name)).toEqual([
        `Live transcription a month: ${hours === null ? "Unlimited" : `${hours} h`}`,
        `Live sessions at a time: ${plan.liveSessions}`,
        `Viewers of one caption link: ${groupThousands(plan.liveViewers)}`,
        `Storage for recordings, reports and releases: ${plan.storageGb === null ? "Unlimited" : `${plan.storageGb} GB`}`,
        `Contacts on the media list: ${groupThousands(plan.mediaListContacts)}`,
        `Release e-mails a month: ${groupThousands(plan.releaseEmailsMonthly)}`,
        `Seats: ${{ monthly: "the owner only", yearly: "3 people", enterprise: "as agreed" }[plan.id]}`,
      ]);
      expect(card(plan.name)).toBeVisible();
    }
    const hourly = screen.getByRole("region", { name: "On every plan, each hour" });
    expect(hourly).toHaveTextContent(`${HOURLY_REQUESTS.tts} speeches (Vox Speaks)`);
    expect(hourly).toHaveTextContent(`${HOURLY_REQUESTS.sentiment} sentiment reports`);
    expect(hourly).toHaveTextContent(`${HOURLY_REQUESTS.pressRelease} press releases`);
    expect(hourly).toHaveTextContent(`${HOURLY_REQUESTS.voiceConversion} voice conversions (VoxOver)`);
  });

  it("shows the allowances the Worker's table answers, so none is written into the page", async () => {
    const changed = PLANS.map((plan) =>
      plan.id === "yearly"
        ? {
            ...plan,
            liveTranscriptionHours: 25,
            liveSessions: 3,
            liveViewers: 1_250,
            storageGb: 45,
            mediaListContacts: 7_500,
            releaseEmailsMonthly: 12_500,
          }
        : plan,
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({
          plans: changed,
          features: FEATURES,
          hourlyRequests: { ...HOURLY_REQUESTS, tts: 1_234, pressRelease: 7 },
        }),
      ),
    );
    renderSite("/pricing");
    await waitFor(() =>
      expect(allowances("Yearly")).toEqual([
        "Live transcription a month: 25 h",
        "Live sessions at a time: 3",
        "Viewers of one caption link: 1,250",
        "Storage for recordings, reports and releases: 45 GB",
        "Contacts on the media list: 7,500",
        "Release e-mails a month: 12,500",
        "Seats: 3 people",
      ]),
    );
    const storage = screen.getByRole("rowheader", { name: "Press release audio storage" }).closest("tr") as HTMLElement;
    expect(within(storage).getAllByRole("cell")[1]).toHaveTextContent("45 GB");
    const viewers = screen.getByRole("rowheader", { name: "Viewers of one caption link" }).closest("tr") as HTMLElement;
    expect(within(viewers).getAllByRole("cell")[1]).toHaveTextContent("1,250");
    const hourly = screen.getByRole("region", { name: "On every plan, each hour" });
    expect(hourly).toHaveTextContent("1,234 speeches (Vox Speaks)");
    expect(hourly).toHaveTextContent("7 press releases");
  });
});
