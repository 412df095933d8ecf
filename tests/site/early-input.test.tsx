import { act } from "@testing-library/preact";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { announceReady, HYDRATED_ATTRIBUTE, holdEarlyInput } from "../../site/src/early-input.ts";

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
});

/** The tasks in which held input is handed over: text and choices, then the caret and presses. */
async function handedOver() {
  for (let task = 0; task < 2; task++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The page ready, and held input handed over. */
async function ready() {
  announceReady();
  await handedOver();
}

/** A button inside a container that counts the clicks reaching it, as React's root listener would. */
function renderedButton() {
  const root = document.createElement("div");
  root.innerHTML = `<button type="button"><span>Request free consultation</span></button><a href="#next">Pricing</a>`;
  document.body.append(root);
  const reached: string[] = [];
  root.addEventListener("click", (event) => reached.push((event.target as Element).tagName));
  const button = root.querySelector("span") as HTMLElement;
  const link = root.querySelector("a") as HTMLElement;
  return { button, link, reached };
}

/** A controlled textarea with a live character count and a button that uses the text, as Vox Speaks has. */
function Speaks({ generated = [] }: { generated?: string[] }) {
  const [text, setText] = useState("");
  return (
    <form>
      <textarea id="text" value={text} onChange={(event) => setText(event.target.value)} />
      <p id="count">{text.length} characters</p>
      <button type="button" onClick={() => generated.push(text)}>
        Generate
      </button>
    </form>
  );
}

async function typeBeforeHydration(text: string) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Speaks />);
  document.body.append(container);
  holdEarlyInput();
  const field = container.querySelector("textarea") as HTMLTextAreaElement;
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  return { container, field };
}

describe("input before the page is ready", () => {
  it("holds presses, then replays each once the page is ready", async () => {
    const { button, reached } = renderedButton();
    holdEarlyInput();
    button.click();
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reached).toEqual([]);
    await ready();
    expect(reached).toEqual(["BUTTON", "BUTTON"]);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    button.click();
    expect(reached).toEqual(["BUTTON", "BUTTON", "SPAN"]);
  });

  it("announces a file chosen before then, once the app listens", async () => {
    const input = document.createElement("input");
    input.type = "file";
    document.body.append(input);
    const heard: string[] = [];
    holdEarlyInput();
    input.dispatchEvent(new Event("change", { bubbles: true }));
    document.body.addEventListener("change", () => heard.push("change"));
    await ready();
    expect(heard).toEqual(["change"]);
  });

  it("leaves links alone, which navigate as plain links before hydration", async () => {
    const { link, reached } = renderedButton();
    holdEarlyInput();
    link.click();
    expect(reached).toEqual(["A"]);
    await ready();
    expect(reached).toEqual(["A"]);
  });

  it("keeps typed text, caret and selection, and the app's state takes the text up", async () => {
    const { container, field } = await typeBeforeHydration("Typed the moment it painted");
    field.setSelectionRange(6, 9);
    document.dispatchEvent(new Event("selectionchange"));
    await act(async () => {
      hydrateRoot(container, <Speaks />);
    });
    await ready();
    const textarea = container.querySelector("textarea") as HTMLTextAreaElement;
    expect(textarea.value).toBe("Typed the moment it painted");
    expect(container.querySelector("#count")?.textContent).toBe("27 characters");
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([6, 9]);
  });

  it("replays a press made after typing with the typed text in the app's state", async () => {
    const { container } = await typeBeforeHydration("Read this aloud");
    (container.querySelector("button") as HTMLButtonElement).click();
    const generated: string[] = [];
    await act(async () => {
      hydrateRoot(container, <Speaks generated={generated} />);
    });
    await ready();
    expect(generated).toEqual(["Read this aloud"]);
  });
});
