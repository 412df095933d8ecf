import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Contact, ContactImportResult, ContactsPage } from "@worker/contacts/contracts/contacts.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEMI as user } from "./people.ts";
import { renderSite, signIn } from "./render.tsx";

afterEach(() => vi.unstubAllGlobals());

const contact = (name: string, email: string, extra: Partial<Contact> = {}): Contact => ({
  id: crypto.randomUUID(),
  name,
  email,
  outlet: "Punch",
  beat: "Business",
  phone: "",
  tags: [],
  subscribed: true,
  stopped: null,
  created_at: "2026-11-28T08:00:00.000Z",
  updated_at: "2026-11-28T08:00:00.000Z",
  ...extra,
});

const PREVIEW: ContactImportResult = {
  imported: 2,
  preview: true,
  skipped: [
    {
      row: 4,
      email: "tolu@techcabal.example",
      reason: 'No consent recorded: the consent column says "no" (yes, true or 1 means consent)',
    },
  ],
};

/** The Worker as the Contacts tab sees it: a list that grows when an import is not a preview. */
function serve() {
  const list: Contact[] = [];
  const calls: { url: string; method: string; type: string | null; body: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const type = new Headers(init?.headers).get("content-type");
      calls.push({ url, method, type, body: init?.body instanceof Blob ? await init.body.text() : String(init?.body) });
      if (url === "/auth/me") return Response.json({ data: user });
      if (url.startsWith("/api/contacts/import")) {
        const preview = url.endsWith("?preview=1");
        if (!preview)
          list.push(
            contact("Adaeze Okafor", "adaeze@punchng.example"),
            contact("Musa Bello", "musa@x.ng", { subscribed: false, stopped: "bounced", tags: ["politics"] }),
          );
        return Response.json({ ...PREVIEW, preview }, { status: preview ? 200 : 201 });
      }
      if (url.startsWith("/api/contacts?")) {
        const page: ContactsPage = { items: list, total: list.length, next_offset: null };
        return Response.json(page);
      }
      if (url.startsWith("/api/contacts/") && method === "PATCH") {
        const id = decodeURIComponent(url.split("/").at(-1) ?? "");
        const at = list.findIndex((item) => item.id === id);
        const patch = JSON.parse(String(init?.body)) as Partial<Contact>;
        if (patch.name === "") {
          return Response.json(
            {
              message: "name: A name is required",
              code: "validation_failed",
              errors: { name: ["A name is required"] },
            },
            { status: 400 },
          );
        }
        list[at] = { ...(list[at] as Contact), ...patch };
        return Response.json(list[at]);
      }
      if (url.startsWith("/api/contacts/") && method === "DELETE") {
        list.splice(0, 1);
        return Response.json({ message: "Contact deleted" });
      }
      return Response.json({ message: "Not found", code: "not_found" }, { status: 404 });
    }),
  );
  return calls;
}

const csvFile = () =>
  new File(["name,email,outlet,beat,consent\nAdaeze,adaeze@punchng.example,Punch,Business,yes\n"], "journalists.csv", {
    type: "application/vnd.ms-excel",
  });

describe("Settings › Contacts", () => {
  it("checks a CSV first, says which rows will be skipped and why, then imports and lists the contacts", async () => {
    const calls = serve();
    signIn(user);
    renderSite("/settings#contacts");
    const panel = await screen.findByRole("tabpanel", { name: "Contacts" });
    expect(await within(panel).findByText("No contacts yet. Import a CSV to start your media list.")).toBeVisible();

    await userEvent.upload(await within(panel).findByLabelText("Choose a CSV file"), csvFile());
    const preview = await within(panel).findByRole("region", { name: "journalists.csv" });
    expect(preview).toHaveTextContent("2 contacts will be imported; 1 row will be skipped.");
    expect(within(preview).getByRole("list", { name: "Rows that will be skipped" })).toHaveTextContent(
      'Row 4 (tolu@techcabal.example): No consent recorded: the consent column says "no"',
    );
    // Sent as CSV whatever type the browser guessed, and only checked: nothing saved yet.
    const checked = calls.find((call) => call.url === "/api/contacts/import?preview=1");
    expect(checked).toMatchObject({ method: "POST", type: "text/csv" });
    expect(checked?.body).toContain("adaeze@punchng.example");
    expect(calls.some((call) => call.url === "/api/contacts/import")).toBe(false);

    await userEvent.click(within(preview).getByRole("button", { name: "Import 2 contacts" }));
    expect(await within(panel).findByRole("status")).toHaveTextContent("Imported 2 contacts. 1 row was skipped.");
    const listed = await within(panel).findByRole("list", { name: "Your media list" });
    expect(
      within(listed)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Adaeze Okaforadaeze@punchng.example · Punch · Business",
      "Musa Bellomusa@x.ng · Punch · BusinessE-mail bouncedpolitics",
    ]);
    expect(within(panel).queryByRole("region", { name: "journalists.csv" })).toBeNull();
  });

  it("shows the Worker's reason when the file cannot be read, and saves nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/auth/me") return Response.json({ data: user });
        if (url.startsWith("/api/contacts/import")) {
          return Response.json(
            {
              message:
                "The first row must name the columns name, email, outlet, beat, consent (and may add phone, tags).",
              code: "csv_columns",
              errors: { columns: ["Missing column: consent"] },
            },
            { status: 400 },
          );
        }
        return Response.json({ items: [], total: 0, next_offset: null });
      }),
    );
    signIn(user);
    renderSite("/settings#contacts");
    const panel = await screen.findByRole("tabpanel", { name: "Contacts" });
    const input = await within(panel).findByLabelText("Choose a CSV file");
    await userEvent.upload(input, csvFile());
    const alert = await within(panel).findByRole("alert");
    expect(alert).toHaveTextContent("The first row must name the columns name, email, outlet, beat, consent");
    expect(input).toHaveAccessibleDescription(alert.textContent ?? "");
    expect(within(panel).queryByRole("button", { name: /^Import/ })).toBeNull();
  });

  it("deletes a contact after asking, and says so", async () => {
    serve();
    signIn(user);
    renderSite("/settings#contacts");
    const panel = await screen.findByRole("tabpanel", { name: "Contacts" });
    await userEvent.upload(await within(panel).findByLabelText("Choose a CSV file"), csvFile());
    await userEvent.click(await within(panel).findByRole("button", { name: "Import 2 contacts" }));
    await userEvent.click(
      await within(panel).findByRole("button", { name: "Delete Adaeze Okafor (adaeze@punchng.example)" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Delete this contact?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(
      await within(panel).findByText("Deleted Adaeze Okafor (adaeze@punchng.example) from your media list."),
    ).toBeVisible();
  });

  it("corrects a contact in its row, shows the Worker's reason beside the field, and gives focus back to Edit", async () => {
    const calls = serve();
    signIn(user);
    renderSite("/settings#contacts");
    const panel = await screen.findByRole("tabpanel", { name: "Contacts" });
    await userEvent.upload(await within(panel).findByLabelText("Choose a CSV file"), csvFile());
    await userEvent.click(await within(panel).findByRole("button", { name: "Import 2 contacts" }));
    await userEvent.click(
      await within(panel).findByRole("button", { name: "Edit Adaeze Okafor (adaeze@punchng.example)" }),
    );
    const form = within(panel).getByRole("form", { name: "Edit adaeze@punchng.example" });
    expect(within(form).getByLabelText("Name")).toHaveFocus();

    await userEvent.clear(within(form).getByLabelText("Name"));
    await userEvent.click(within(form).getByRole("button", { name: "Save contact" }));
    expect(await within(form).findByText("A name is required")).toBeVisible();

    await userEvent.type(within(form).getByLabelText("Name"), "Adaeze Okafor");
    await userEvent.clear(within(form).getByLabelText("Beat"));
    await userEvent.type(within(form).getByLabelText("Beat"), "Energy");
    const tags = within(form).getByLabelText("Tags");
    await userEvent.clear(tags);
    await userEvent.type(tags, "oil; gas");
    await userEvent.click(within(form).getByRole("button", { name: "Save contact" }));
    expect(await within(panel).findByText("Saved Adaeze Okafor (adaeze@punchng.example).")).toBeVisible();
    expect(within(panel).getByRole("button", { name: "Edit Adaeze Okafor (adaeze@punchng.example)" })).toHaveFocus();
    const patch = calls.filter((call) => call.method === "PATCH").at(-1);
    expect(JSON.parse(patch?.body ?? "{}")).toMatchObject({ beat: "Energy", tags: ["oil", "gas"] });
  });
});
