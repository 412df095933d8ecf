import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { announceReady, HYDRATED_ATTRIBUTE, holdEarlyInput } from "../../site/src/early-input.ts";
import { takeUpEarlyText } from "../../site/src/ui/early-text.ts";

afterEach(async () => {
  // Releases whatever a test left held, so it cannot reach the next test.
  await ready();
  document.body.replaceChildren();
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
});

/** The tasks in which held input is handed over: choices, then presses. */
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
function Speaks({ generated = [], tick = 0 }: { generated?: string[]; tick?: number }) {
  const [text, setText] = useState("");
  return (
    <form data-tick={tick}>
      <textarea id="text" ref={takeUpEarlyText} value={text} onChange={(event) => setText(event.target.value)} />
      <p id="count">{text.length} characters</p>
      <button type="button" onClick={() => generated.push(text)}>
        Generate
      </button>
    </form>
  );
}

/**
 * Typing as a browser does it: the field's value changes without going through its `value`
 * property (where React watches a program's writes), then an input event.
 */
function typeInto(field: HTMLTextAreaElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(field, text);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

async function typeBeforeHydration(text: string) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Speaks />);
  document.body.append(container);
  holdEarlyInput();
  const field = container.querySelector("textarea") as HTMLTextAreaElement;
  field.focus();
  typeInto(field, text);
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

  it("keeps typed text, caret and selection, and the app's state takes the text up before it renders again", async () => {
    const { container, field } = await typeBeforeHydration("Typed the moment it painted");
    field.setSelectionRange(6, 9);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Speaks />);
    });
    const textarea = container.querySelector("textarea") as HTMLTextAreaElement;
    expect(container.querySelector("#count")?.textContent).toBe("27 characters");
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([6, 9]);
    // Rendering the field again (as a session read after hydration does) keeps the text.
    await act(async () => root?.render(<Speaks tick={1} />));
    await ready();
    expect(textarea.value).toBe("Typed the moment it painted");
    expect(container.querySelector("#count")?.textContent).toBe("27 characters");
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([6, 9]);
  });

  it("leaves a field alone whose text is what was rendered", async () => {
    const { container, field } = await typeBeforeHydration("");
    const heard: string[] = [];
    field.addEventListener("input", () => heard.push(field.value));
    await act(async () => {
      hydrateRoot(container, <Speaks />);
    });
    expect(heard).toEqual([]);
  });

  it("text typed while React hydrates reaches the app's state, every key in order", async () => {
    const { container, field } = await typeBeforeHydration("Typed ");
    const root = hydrateRoot(container, <Speaks />);
    // Hydration is under way (not flushed): each key makes React hydrate what it lands in first.
    for (const key of "through it") typeInto(field, `${field.value}${key}`);
    await act(async () => {});
    expect(container.querySelector("#count")?.textContent).toBe(`${"Typed through it".length} characters`);
    await act(async () => root.render(<Speaks tick={1} />));
    expect((container.querySelector("textarea") as HTMLTextAreaElement).value).toBe("Typed through it");
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
