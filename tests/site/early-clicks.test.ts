import { afterEach, describe, expect, it } from "vitest";
import { announceHydrated, HYDRATED_ATTRIBUTE, holdEarlyClicks } from "../../site/src/early-clicks.ts";

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
});

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

describe("presses before the page has hydrated", () => {
  it("are held back, then replayed once when the app announces it has hydrated", () => {
    const { button, reached } = renderedButton();
    holdEarlyClicks();
    button.click();
    expect(reached).toEqual([]);
    announceHydrated();
    expect(reached).toEqual(["BUTTON"]);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    button.click();
    expect(reached).toEqual(["BUTTON", "SPAN"]);
  });

  it("include a file chosen before hydration, announced again once the app listens", () => {
    const input = document.createElement("input");
    input.type = "file";
    document.body.append(input);
    const heard: string[] = [];
    holdEarlyClicks();
    input.dispatchEvent(new Event("change", { bubbles: true }));
    document.body.addEventListener("change", () => heard.push("change"));
    announceHydrated();
    expect(heard).toEqual(["change"]);
  });

  it("leave links alone, which navigate as plain links before hydration", () => {
    const { link, reached } = renderedButton();
    holdEarlyClicks();
    link.click();
    expect(reached).toEqual(["A"]);
    announceHydrated();
    expect(reached).toEqual(["A"]);
  });
});
