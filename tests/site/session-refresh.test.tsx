import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_REQUIRED_EVENT } from "../../site/src/api/session.ts";
import { renderSite, signIn } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

const serverUser = {
  id: "u1",
  name: "Kemi Adeleke",
  email: "kemi@example.ng",
  phone_number: "+2348031234567",
  organization_name: "Adeleke PR",
  subscription_status: 1,
  plan: "monthly",
  trial_ends_at: "2026-11-20T00:00:00.000Z",
  subscription_expires_at: "2026-12-20T00:00:00.000Z",
  email_verified: true,
};

describe("session refresh from /auth/me", () => {
  it("updates the stored user with what the server says (a payment shows at once)", async () => {
    signIn({ name: "Kemi Adeleke", email: "kemi@example.ng", subscription_status: 0 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ data: serverUser })),
    );
    renderSite("/settings");
    await waitFor(() => expect(JSON.parse(localStorage.getItem("userObj") ?? "{}").subscription_status).toBe(1));
    expect(await screen.findByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  it("a revoked token logs the visitor out and sends them home", async () => {
    signIn({ name: "Kemi Adeleke", subscription_status: 2 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ message: "Your session has ended.", code: "unauthorized" }, { status: 401 })),
    );
    renderSite("/settings");
    await waitFor(() => expect(localStorage.getItem("token")).toBeNull());
    expect(await screen.findByRole("heading", { level: 1, name: "Give every message a voice." })).toBeVisible();
    expect(localStorage.getItem("token")).toBeNull();
    expect(screen.getByRole("button", { name: "Login" })).toBeVisible();
  });
});

describe("payment required", () => {
  it("the layout answers a 402 by showing /pricing, keeping the visitor signed in", async () => {
    signIn({ name: "Kemi Adeleke", subscription_status: 0 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ data: { ...serverUser, subscription_status: 0 } })),
    );
    renderSite("/voxscribe");
    await screen.findByRole("heading", { level: 1, name: "Every word on the record, live" });
    window.dispatchEvent(new CustomEvent(PAYMENT_REQUIRED_EVENT, { detail: "Your plan has ended." }));
    expect(await screen.findByRole("heading", { level: 1, name: "Simple plans in naira" })).toBeVisible();
    expect(localStorage.getItem("token")).toBe("test-token");
  });
});
