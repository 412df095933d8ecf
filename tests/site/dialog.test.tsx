import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Dialog } from "../../site/src/ui/dialog.tsx";
import { renderSite } from "./render.tsx";

describe("the one dialog frame", () => {
  it("opens a form dialog on its first field, so an e-mail typed at once lands there", async () => {
    renderSite("/about");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    const login = await screen.findByRole("dialog", { name: "Login" });
    expect(within(login).getByLabelText("Email")).toHaveFocus();
    await userEvent.keyboard("ada@example.ng");
    expect(within(login).getByLabelText("Email")).toHaveValue("ada@example.ng");
  });

  it("opens reading matter on its close button", async () => {
    render(
      <Dialog title="Report" onClose={() => {}} wide>
        <form>
          <input aria-label="Search" />
        </form>
      </Dialog>,
    );
    expect(await screen.findByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("keeps a form submitted inside it from submitting the form it was opened from", async () => {
    const outer = vi.fn((event: React.FormEvent) => event.preventDefault());
    const inner = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={outer}>
        <Dialog title="Sentiment report" onClose={() => {}} wide>
          <form onSubmit={inner}>
            <input aria-label="Name for Speaker 1" />
            <button type="submit">Save</button>
          </form>
        </Dialog>
      </form>,
    );
    await userEvent.type(await screen.findByLabelText("Name for Speaker 1"), "Ada{Enter}");
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
