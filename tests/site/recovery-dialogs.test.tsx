import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderSite } from "./render.tsx";

async function openForgotPassword() {
  renderSite("/about");
  await userEvent.click(screen.getByRole("button", { name: "Login" }));
  const login = await screen.findByRole("dialog", { name: "Login" });
  await userEvent.click(within(login).getByRole("button", { name: "Forgot Password" }));
  return screen.findByRole("dialog", { name: "Forgot Password" });
}

describe("recovery modals (messages only for touched fields)", () => {
  it("choosing Forgot Password closes the login modal and opens the forgot-password modal", async () => {
    const forgot = await openForgotPassword();
    expect(forgot).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Login" })).toBeNull();
  });

  it("shows Email is required only after the field was touched, and on submit", async () => {
    const forgot = await openForgotPassword();
    expect(within(forgot).queryByText("Email is required")).toBeNull();
    const email = within(forgot).getByLabelText("Email");
    await userEvent.click(email);
    await userEvent.tab();
    expect(await within(forgot).findByText("Email is required")).toBeVisible();
    expect(email).toHaveAttribute("aria-invalid", "true");
  });

  it("the sign-up link in the login modal opens Create Account with a show/hide password toggle", async () => {
    renderSite("/about");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Login" })).getByRole("button", { name: "Create Account" }),
    );
    const signup = await screen.findByRole("dialog", { name: "Create Account" });
    const password = within(signup).getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await userEvent.click(within(signup).getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    const phone = within(signup).getByLabelText("Phone number");
    await userEvent.type(phone, "0803-abc 123");
    expect(phone).toHaveValue("0803123");
  });
});
