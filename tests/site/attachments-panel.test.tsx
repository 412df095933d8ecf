import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AttachmentItem, AttachmentList } from "@worker/press-releases/contracts/attachments.ts";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AttachmentsPanel } from "../../site/src/press-release/attachments-panel.tsx";

afterEach(() => vi.restoreAllMocks());

const RELEASE_ID = "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The Worker's attachment routes over a list kept here. */
function serve(state: AttachmentList) {
  const calls: { url: string; method: string; body?: BodyInit | null }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    calls.push({ url: String(input), method, body: init?.body ?? null });
    if (method === "POST" && init?.body instanceof FormData) {
      const form = init.body;
      const item: AttachmentItem = {
        id: crypto.randomUUID(),
        content_type: "image/png",
        bytes: (form.get("file") as File).size,
        width: 1200,
        height: 800,
        alt: String(form.get("alt")),
        caption: String(form.get("caption")),
        created_at: new Date().toISOString(),
      };
      state.items.push(item);
      return Response.json(item, { status: 201 });
    }
    if (method === "PATCH") {
      const { attach } = JSON.parse(String(init?.body)) as { attach: boolean };
      state.recording.attached = attach;
      return Response.json(state);
    }
    if (method === "DELETE") {
      state.items.splice(0, 1);
      return Response.json({ message: "Attachment removed" });
    }
    return Response.json(state);
  });
  return calls;
}

function renderPanel() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <AttachmentsPanel releaseId={RELEASE_ID} />
    </SWRConfig>,
  );
}

describe("a release's Attachments on VoxRelease", () => {
  it("asks for alt text before uploading, attaches an image and the recording with the keyboard, lists it and removes it", async () => {
    const user = userEvent.setup();
    const calls = serve({ items: [], recording: { attached: false, available: true } });
    renderPanel();
    const region = await screen.findByRole("region", { name: "Attachments" });
    expect(await within(region).findByText("No images attached yet.")).toBeVisible();

    const form = within(region).getByRole("form", { name: "Attach an image" });
    await user.upload(within(form).getByLabelText(/^Image/), new File([PNG], "borehole.png", { type: "image/png" }));
    await user.click(within(form).getByRole("button", { name: "Attach image" }));
    const altField = within(form).getByLabelText(/Alt text/);
    expect(await within(form).findByText("Describe the image for people who cannot see it.")).toBeVisible();
    expect(altField).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.type(altField, "Women fetching water at the new borehole");
    await user.type(within(form).getByLabelText(/Caption/), "Iseyin, Monday{Enter}");
    const list = await within(region).findByRole("list", { name: "Images attached to this release" });
    expect(list).toHaveTextContent("Women fetching water at the new borehole");
    expect(list).toHaveTextContent("Iseyin, Monday");
    const post = calls.find((call) => call.method === "POST");
    expect(post?.url).toMatch(new RegExp(`/api/press-releases/${RELEASE_ID}/attachments$`));
    expect((post?.body as FormData | undefined)?.get("alt")).toBe("Women fetching water at the new borehole");
    expect(altField).toHaveValue("");

    const recording = within(region).getByRole("checkbox", { name: "Attach the recording" });
    recording.focus();
    await user.keyboard(" ");
    expect(recording).toBeChecked();
    expect(calls.find((call) => call.method === "PATCH")).toMatchObject({
      url: expect.stringMatching(/\/attachments\/recording$/),
      body: JSON.stringify({ attach: true }),
    });

    await user.click(
      within(list).getByRole("button", { name: "Remove image: Women fetching water at the new borehole" }),
    );
    expect(await within(region).findByText("No images attached yet.")).toBeVisible();
  });

  it("ticks the recording's box at once, before the Worker answers, and unticks it with the reason when the Worker refuses", async () => {
    const user = userEvent.setup();
    serve({ items: [], recording: { attached: false, available: true } });
    renderPanel();
    const recording = await screen.findByRole("checkbox", { name: "Attach the recording" });
    let refuse: (response: Response) => void = () => {};
    vi.mocked(globalThis.fetch).mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          refuse = resolve;
        }),
    );
    await user.click(recording);
    // Mobile data can take seconds: the box does not wait for it.
    expect(recording).toBeChecked();
    refuse(
      Response.json(
        { message: "The recording was deleted, so it cannot be attached.", code: "recording_gone" },
        { status: 409 },
      ),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("The recording was deleted, so it cannot be attached.");
    expect(recording).not.toBeChecked();
  });

  it("refuses a file that is no image before sending, and shows the Worker's reason on the file field", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = serve({ items: [], recording: { attached: false, available: true } });
    renderPanel();
    const form = await screen.findByRole("form", { name: "Attach an image" });
    await user.upload(
      within(form).getByLabelText(/^Image/),
      new File(["%PDF"], "notes.pdf", { type: "application/pdf" }),
    );
    await user.type(within(form).getByLabelText(/Alt text/), "Notes{Enter}");
    expect(await within(form).findByText("Choose a JPEG, PNG or WebP image.")).toBeVisible();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    vi.mocked(globalThis.fetch).mockImplementationOnce(async () =>
      Response.json(
        {
          message: "That file is not an image we can show.",
          code: "unsupported_media_type",
          errors: { file: ["That file is not an image we can show."] },
        },
        { status: 415 },
      ),
    );
    await user.upload(within(form).getByLabelText(/^Image/), new File(["<svg/>"], "logo.png", { type: "image/png" }));
    await user.click(within(form).getByRole("button", { name: "Attach image" }));
    expect(await within(form).findByText("That file is not an image we can show.")).toBeVisible();
  });

  it("disables the recording's checkbox and says why when the recording was deleted", async () => {
    serve({ items: [], recording: { attached: false, available: false } });
    renderPanel();
    const recording = await screen.findByRole("checkbox", { name: "Attach the recording" });
    expect(recording).toBeDisabled();
    expect(recording).toHaveAccessibleDescription("The recording was deleted, so it cannot be attached.");
  });
});
