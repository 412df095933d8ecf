import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PressKitForm } from "../../site/src/organisation/press-kit-form.tsx";

afterEach(() => vi.restoreAllMocks());

const kit = {
  name: "Ìjọba Water Trust",
  boilerplate: "",
  spokespeople: [],
  media_contact: { name: "", email: "", phone: "" },
  dateline_city: "Lagos",
  slug: null,
};

describe("the press kit's newsroom address", () => {
  it("sends the address typed, and shows a taken one (409) on its field", async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      if (init?.method !== "PUT") return Response.json(kit);
      puts.push(JSON.parse(String(init.body)));
      const message = "That newsroom address is taken; choose another.";
      return Response.json({ message, code: "slug_taken", errors: { slug: [message] } }, { status: 409 });
    });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <PressKitForm />
      </SWRConfig>,
    );
    const field = await screen.findByRole("textbox", { name: "Newsroom address" });
    await waitFor(() => expect(field).not.toBeDisabled());
    expect(field).toHaveValue("");
    await user.type(field, "ijoba-water");
    await user.click(screen.getByRole("button", { name: "Save press kit" }));

    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(puts).toEqual([expect.objectContaining({ slug: "ijoba-water", name: "Ìjọba Water Trust" })]);
    expect(field).toHaveAccessibleDescription(/That newsroom address is taken; choose another\./);
  });

  it("is never open to typing before the kit has filled it, so what a person types is not merged with the kit", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json(kit));
    // What the name field holds at each moment its group opens to typing, seen as the DOM changes:
    // before React's effects run, which is when a fast typist (or Playwright's fill) gets in.
    const seenWhenOpened: string[] = [];
    const observer = new MutationObserver((changes) => {
      for (const change of changes) {
        const group = change.target as HTMLFieldSetElement;
        const name = group.querySelector<HTMLInputElement>("input[autocomplete=organization]");
        if (name && !group.disabled) seenWhenOpened.push(name.value);
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["disabled"], subtree: true });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <PressKitForm />
      </SWRConfig>,
    );
    const name = await screen.findByRole("textbox", { name: "Organisation name" });
    await waitFor(() => expect(name).not.toBeDisabled());
    observer.disconnect();
    expect(seenWhenOpened).toEqual([kit.name]);
  });
});
