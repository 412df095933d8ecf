import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUDIT_RETENTION_DAYS, INVITATION_DAYS } from "../../worker/workspaces/contracts/workspaces.ts";
import { renderSite } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the privacy notice says what Vox keeps", () => {
  it("a small file analysed on the spot is kept beside its report (worker/reports/sentiment-reports.ts keepReport)", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "Not found", code: "not_found" }, { status: 404 }));
    renderSite("/privacy");
    const item = (await screen.findByText("VoxRelease and Vox Sentiment:")).closest("li");
    expect(item).toHaveTextContent(
      "A small file analysed on the spot is kept beside its report, so the report can play it, while it fits your plan's storage; deleting the report deletes it.",
    );
    expect(item).not.toHaveTextContent("is not kept");
  });

  it("says how long invitations and the audit log last, as the workspace contract keeps them", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "Not found", code: "not_found" }, { status: 404 }));
    renderSite("/privacy");
    const heading = await screen.findByRole("heading", { name: "Teams and media lists" });
    const list = heading.nextElementSibling;
    expect(list).toHaveTextContent(`expires (${INVITATION_DAYS} days)`);
    expect(AUDIT_RETENTION_DAYS).toBe(365);
    expect(list).toHaveTextContent("for a year, for its owner and admins");
    expect(list).toHaveTextContent('their entries read "A former member"');
  });
});
