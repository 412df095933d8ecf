import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PublishControl } from "../../site/src/press-release/publish-control.tsx";

afterEach(() => vi.restoreAllMocks());

const RELEASE_ID = "0b7a3f7e-8a0e-4a53-9d1e-2f7f0f1c9a11";
const URL_OF_RELEASE = "http://127.0.0.1:8787/newsroom/ijoba/boreholes-open";
const draft = { url: null, status: "draft", publish_at: null };

function renderControl() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <PublishControl releaseId={RELEASE_ID} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe("the Publish control on a release", () => {
  it("publishes under an embargo typed with the keyboard, shows the link and status, and takes it down", async () => {
    const user = userEvent.setup();
    const calls: { url: string; method: string; body?: unknown }[] = [];
    let state: unknown = draft;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url: String(input), method, body });
      if (method === "POST") {
        state = { url: URL_OF_RELEASE, status: "scheduled", publish_at: new Date(body.embargo_until).toISOString() };
      }
      if (method === "DELETE") state = draft;
      return Response.json(method === "DELETE" ? { status: "draft" } : state);
    });
    renderControl();

    const region = await screen.findByRole("region", { name: "Newsroom" });
    expect(await screen.findByText(/not on your newsroom/i)).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: /Hold it under embargo/ }));
    const when = screen.getByLabelText(/Embargo until/);
    await user.type(when, "2030-12-01T09:30");
    await user.click(screen.getByRole("button", { name: "Publish under embargo" }));

    const post = calls.find((call) => call.method === "POST");
    expect(post?.url).toMatch(new RegExp(`/api/press-releases/${RELEASE_ID}/publish$`));
    expect(post?.body).toEqual({ embargo_until: new Date("2030-12-01T09:30").toISOString() });
    const status = await screen.findByRole("status");
    await waitFor(() => expect(status.textContent).toMatch(/Scheduled/));
    const link = screen.getByRole("link", { name: URL_OF_RELEASE });
    expect(link.getAttribute("href")).toBe(URL_OF_RELEASE);
    // Written as the release's embargo line and the e-mail write it.
    expect(region.textContent).toMatch(/not public until \d\d:\d\d WAT, 1 December 2030\./);

    await user.click(screen.getByRole("button", { name: "Take down" }));
    expect(calls.at(-2)?.method === "DELETE" || calls.at(-1)?.method === "DELETE").toBe(true);
    await screen.findByText(/not on your newsroom/i);
    expect(screen.queryByRole("link", { name: URL_OF_RELEASE })).toBeNull();
  });

  it("publishes at once and shows the server's refusal, such as a missing newsroom address", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) =>
      init?.method === "POST"
        ? Response.json(
            {
              message: "Choose your newsroom's address (Settings › Press kit) before publishing a release.",
              code: "no_newsroom",
            },
            { status: 409 },
          )
        : Response.json(draft),
    );
    renderControl();
    await screen.findByText(/not on your newsroom/i);
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/Choose your newsroom's address/);
  });
});
