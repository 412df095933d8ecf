import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect } from "vitest";
import { DEAD_WINDOW_ROUTES, MOBILE_WINDOW, throttle } from "../../scripts/dead-window-audit.ts";
import { SITE_DIST } from "../../scripts/site-manifest.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { isPageError, type NewContext } from "./browser.ts";
import { it } from "./fixtures.ts";
import { inLanes } from "./lanes.ts";
import { newSession, type StoredSession, storeSession } from "./people.ts";

/**
 * In the field: a mid-range phone (4× CPU slowdown) on slow 4G, a first visit, and a visitor who
 * acts the moment a control is visible, while the page does not yet answer. Whatever they did must
 * end as they meant it: the press acts with their real session, typed text stays with its caret,
 * a chosen file stays chosen, a toast or dialog appears. The page now answers within a few hundred
 * ms of its first paint, too soon to be sure of acting before it, so the app's code (everything but
 * the entry script, which holds early input) is held back until the visitor has acted: a phone
 * whose connection stalls there.
 */
const CPU_SLOWDOWN = 4;

interface FieldPage {
  readonly page: Page;
  readonly errors: string[];
  /** Whether every input came before the page answered input (else the test proves little). */
  readonly actedEarly: () => Promise<boolean>;
  /** Lets the app's code arrive. */
  readonly release: () => void;
}

let session: StoredSession;

beforeAll(async () => {
  session = await newSession();
});

/** Every script but the entry, which holds early input. */
const APP_CODE = /\/assets\/(?!index-)[^/]+\.js$/;

/**
 * A throttled first visit to `path`, returned as soon as the browser has the response. With
 * `holdCode`, the app's code waits for `release`; without it, it arrives as the network allows.
 * With `loseCode` too, it never arrives: `release` fails it.
 * Signed in, the visitor is `as`: a person of their own, for a test that changes the account.
 */
async function visitInTheField(
  newContext: NewContext,
  path: string,
  signedIn: boolean,
  { holdCode = true, loseCode = false, as = session } = {},
): Promise<FieldPage> {
  const context = await newContext({ viewport: MOBILE_WINDOW, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (signedIn) await storeSession(page, as);
  // Noted in the page as the input happens: asked afterwards, a throttled page would answer only
  // once it has finished hydrating.
  await page.addInitScript(() => {
    const note = () => {
      const early = window as { actedEarly?: boolean };
      early.actedEarly = (early.actedEarly ?? true) && !document.documentElement.hasAttribute("data-hydrated");
    };
    for (const type of ["pointerdown", "keydown", "input", "change"]) window.addEventListener(type, note, true);
    // Whether the visitor's first act (a scroll included) came before the page answered.
    const first = () => {
      const early = window as { firstActEarly?: boolean };
      early.firstActEarly ??= !document.documentElement.hasAttribute("data-hydrated");
    };
    for (const type of ["pointerdown", "keydown", "scroll"]) window.addEventListener(type, first, true);
  });
  await throttle(context, page, CPU_SLOWDOWN);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  if (holdCode) {
    await page.route(APP_CODE, async (route) => {
      await released;
      // The connection drops for good: every script the page asks for from then on fails.
      await (loseCode ? route.abort("internetdisconnected") : route.continue());
    });
  }
  const errors: string[] = [];
  page.on("console", (message) => {
    if (isPageError(message)) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(path, { waitUntil: "commit" });
  return {
    page,
    errors,
    actedEarly: () => page.evaluate(() => (window as { actedEarly?: boolean }).actedEarly === true),
    release,
  };
}

/** Resolves once `page` has painted content, as a person sees it. */
const firstPaint = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, undefined, {
    polling: "raf",
  });

/** Runs `act` on a throttled first visit once it has painted, checks it came early, then `expectOutcome`. */
async function inTheField(
  newContext: NewContext,
  path: string,
  signedIn: boolean,
  act: (page: Page) => Promise<void>,
  expectOutcome: (page: Page) => Promise<void>,
  visit: { readonly as?: StoredSession } = {},
) {
  const field = await visitInTheField(newContext, path, signedIn, visit);
  // A person acts on what they see: Playwright can set a file on an input the browser has parsed
  // but not yet painted, which no one can.
  await firstPaint(field.page);
  await act(field.page);
  expect(await field.actedEarly()).toBe(true);
  field.release();
  await expectOutcome(field.page);
  expect(field.errors).toEqual([]);
}

const monthlyPlan = (page: Page) =>
  page.locator(".plan").filter({ has: page.getByRole("heading", { name: "Monthly" }) });

describe("a press made the moment the button shows", () => {
  it("signed in, Get Started on /pricing opens checkout for that plan", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/pricing",
      true,
      (page) => monthlyPlan(page).getByRole("button", { name: "Get Started" }).click(),
      async (page) => {
        await page.waitForURL("**/__sandbox/paystack/checkout/**", { timeout: 60_000 });
        expect(await page.getByRole("dialog", { name: "Login" }).count()).toBe(0);
      },
    );
  });

  it("signed out, Get Started on /pricing asks to log in", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/pricing",
      false,
      (page) => monthlyPlan(page).getByRole("button", { name: "Get Started" }).click(),
      (page) => page.getByRole("dialog", { name: "Login" }).waitFor({ timeout: 60_000 }),
    );
  });

  // Home's Get Started reproduces the spec's reversed check (site/src/app/spec-quirks.ts): signed in
  // asks to log in, signed out goes on to /solutions. Either way it must follow the real session.
  it("signed in, Get Started on / takes the signed-in branch", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/",
      true,
      (page) => page.getByRole("main").getByRole("button", { name: "Get Started" }).click(),
      async (page) => {
        await page.getByRole("dialog", { name: "Login" }).waitFor({ timeout: 60_000 });
        expect(new URL(page.url()).pathname).toBe("/");
      },
    );
  });

  it("signed out, Get Started on / takes the signed-out branch", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/",
      false,
      (page) => page.getByRole("main").getByRole("button", { name: "Get Started" }).click(),
      (page) => page.waitForURL("**/solutions", { timeout: 60_000 }),
    );
  });

  it("Use Vox Sentiment with no file shows its toast", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/vox-sentiment",
      false,
      (page) => page.getByRole("button", { name: "Use Vox Sentiment" }).click(),
      (page) => page.getByText("No file selected").waitFor({ timeout: 60_000 }),
    );
  });

  it("the header's menu button opens the menu", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/voxscribe",
      false,
      (page) => page.getByRole("button", { name: "Open menu" }).click(),
      (page) => page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Pricing" }).waitFor(),
    );
  });
});

describe("typing and choosing the moment the field shows", () => {
  const TYPED = "Typed the moment it painted";

  it("text typed into Vox Speaks stays, caret and all, and Generate sees it", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/vox-speaks",
      false,
      (page) => page.getByLabel("Text", { exact: true }).pressSequentially(TYPED),
      async (page) => {
        await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
        const field = page.getByLabel("Text", { exact: true });
        expect(await field.inputValue()).toBe(TYPED);
        await expect
          .poll(() => page.locator("#tts-text-count").textContent())
          .toMatch(new RegExp(`^${TYPED.length} /`));
        expect(
          await field.evaluate((element: HTMLTextAreaElement) => [
            document.activeElement === element,
            element.selectionStart,
            element.selectionEnd,
          ]),
        ).toEqual([true, TYPED.length, TYPED.length]);
        await page.getByRole("button", { name: "Generate Speech" }).click();
        await page
          .getByRole("alert")
          .or(page.getByRole("dialog", { name: "Login" }))
          .first()
          .waitFor();
        expect(await page.getByText("Type the text to speak").count()).toBe(0);
      },
    );
  });

  it("a language chosen on Vox Speaks stays chosen, and becomes the account's", async ({ newContext }) => {
    await inTheField(
      newContext,
      "/vox-speaks",
      true,
      (page) =>
        page
          .getByLabel("Language", { exact: true })
          .selectOption("pcm")
          .then(() => undefined),
      async (page) => {
        await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
        await expect.poll(() => page.evaluate(() => localStorage.getItem("vox_language"))).toBe("pcm");
        expect(await page.getByLabel("Language", { exact: true }).inputValue()).toBe("pcm");
        const saved = () =>
          page.evaluate(async () => {
            const headers = { authorization: `Bearer ${localStorage.getItem("token")}` };
            return ((await (await fetch("/api/preferences", { headers })).json()) as { language: string }).language;
          });
        await expect.poll(saved).toBe("pcm");
      },
      { as: await newSession() },
    );
  });

  it("a file chosen on Vox Sentiment stays chosen, and the press goes on to ask for a login", async ({
    newContext,
  }) => {
    await inTheField(
      newContext,
      "/vox-sentiment",
      false,
      async (page) => {
        await page.locator('input[type="file"]').setInputFiles({
          name: "town-hall.wav",
          mimeType: "audio/wav",
          buffer: Buffer.from(speechWav(2)),
        });
        await page.getByRole("button", { name: "Use Vox Sentiment" }).click();
      },
      async (page) => {
        await page.getByRole("dialog", { name: "Login" }).waitFor({ timeout: 60_000 });
        expect(await page.locator(".file-drop__name").textContent()).toBe("town-hall.wav");
        expect(await page.getByText("No file selected").count()).toBe(0);
      },
    );
  });
});

describe("leaving the moment the page shows", () => {
  it("a language chosen on Vox Speaks goes with a link pressed before the page answers", async ({ newContext }) => {
    const field = await visitInTheField(newContext, "/vox-speaks", true, { as: await newSession() });
    const { page } = field;
    await firstPaint(page);
    await page.getByLabel("Language", { exact: true }).selectOption("pcm");
    expect(await field.actedEarly()).toBe(true);
    // Still before the page answers: its code is held until `release`.
    await page.getByRole("contentinfo").getByRole("link", { name: "Vox Sentiment" }).click();
    field.release();
    await page.waitForURL("**/vox-sentiment", { timeout: 60_000 });
    await page.getByText(/this tool does not take Naijá \(Pidgin\) yet/).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => localStorage.getItem("vox_language"))).toBe("pcm");
    expect(field.errors).toEqual([]);
  });
});

describe("when the page's code does not arrive", () => {
  const lostNotice = (page: Page) => page.getByRole("alert").filter({ hasText: "did not finish loading" });

  it("Vox Speaks says its buttons do not work yet, and its reload brings them back", async ({ newContext }) => {
    const field = await visitInTheField(newContext, "/vox-speaks", true, { loseCode: true });
    const { page } = field;
    await firstPaint(page);
    field.release();
    await lostNotice(page).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
    await page.unroute(APP_CODE);
    await lostNotice(page).getByRole("button", { name: "Reload the page" }).click();
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
    expect(await lostNotice(page).count()).toBe(0);
  });

  it("a link pressed after a language was chosen still goes where it points", async ({ newContext }) => {
    const field = await visitInTheField(newContext, "/vox-speaks", true, { loseCode: true });
    const { page } = field;
    await firstPaint(page);
    await page.getByLabel("Language", { exact: true }).selectOption("pcm");
    await page.getByRole("contentinfo").getByRole("link", { name: "Vox Sentiment" }).click();
    expect(await field.actedEarly()).toBe(true);
    field.release();
    await page.waitForURL("**/vox-sentiment", { timeout: 60_000 });
    await lostNotice(page).waitFor({ timeout: 60_000 });
  });
});

describe("scrolling before the page answers", () => {
  it("a visitor who scrolled down to the voice list stays there, and the voices load", async ({ newContext }) => {
    const field = await visitInTheField(newContext, "/vox-speaks", true, { as: await newSession() });
    const { page } = field;
    await firstPaint(page);
    const picker = page.getByLabel("Voice", { exact: true });
    await picker.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => scrollY);
    expect(scrolledTo).toBeGreaterThan(0);
    field.release();
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
    await expect.poll(() => picker.locator("option").count(), { timeout: 60_000 }).toBeGreaterThan(1);
    expect(await page.evaluate(() => scrollY)).toBe(scrolledTo);
    // A page opened from a link still starts at its top.
    await page.getByRole("contentinfo").getByRole("link", { name: "About Vox" }).click();
    await page.waitForURL("**/about");
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    expect(field.errors).toEqual([]);
  });
});

/**
 * The same first visit, again and again, as a person on a slow phone makes it: signed in, the code
 * left to arrive as the network allows, the press made as soon as the button shows. A press once
 * lost in 1 of 3 visits, and a voice list once stuck in 1 of 5, fail here in any of ten. The two
 * journeys run side by side, each visit after the one before.
 */
describe.concurrent("ten visits in a row, signed in on a slow phone", () => {
  const VISITS = 10;
  const ANSWERED = "answered";

  /**
   * Each visit's outcome: "answered", or what went wrong on it. How many visits acted before the
   * page answered is printed: left to the network, that varies with the machine, so it is a figure
   * to read, not to hold (the held-code tests above pin that moment).
   */
  async function tenVisits(newContext: NewContext, path: string, journey: (page: Page) => Promise<boolean>) {
    const outcomes: string[] = [];
    let early = 0;
    const visit = async (number: number) => {
      const field = await visitInTheField(newContext, path, true, { holdCode: false });
      await firstPaint(field.page);
      const answered = await journey(field.page);
      if (await field.page.evaluate(() => (window as { firstActEarly?: boolean }).firstActEarly === true)) early++;
      const problems = [...(answered ? [] : ["no answer within 60 s"]), ...field.errors];
      outcomes.push(problems.length === 0 ? ANSWERED : `visit ${number}: ${problems.join("; ")}`);
      await field.page.context().close();
    };
    // One visit after another: four throttled phones at a time (two per journey) took 137 s
    // against 100 s, the two cores already busy.
    for (let number = 1; number <= VISITS; number++) await visit(number);
    console.log(`${path}: ${VISITS} visits, ${early} of them acting before the page answered`);
    return outcomes;
  }

  const within60s = (wait: Promise<unknown>) =>
    wait.then(
      () => true,
      () => false,
    );

  it("(17) Use Vox Sentiment, pressed as soon as it shows, says No file selected every time", {
    timeout: VISITS * 90_000,
  }, async ({ newContext, expect }) => {
    const outcomes = await tenVisits(newContext, "/vox-sentiment", async (page) => {
      await page.getByRole("button", { name: "Use Vox Sentiment" }).click();
      return within60s(page.getByText("No file selected").waitFor({ timeout: 60_000 }));
    });
    expect(outcomes).toEqual(Array(VISITS).fill(ANSWERED));
  });

  it("(18) the voice list of Vox Speaks, scrolled to as soon as it shows, arrives every time", {
    timeout: VISITS * 90_000,
  }, async ({ newContext, expect }) => {
    const outcomes = await tenVisits(newContext, "/vox-speaks", async (page) => {
      // Below the introduction on a phone: the list is asked for once the visitor gets there.
      const picker = page.getByLabel("Voice", { exact: true });
      await picker.scrollIntoViewIfNeeded();
      const element = await picker.elementHandle();
      return within60s(
        page.waitForFunction((select) => (select as HTMLSelectElement).options.length > 1, element, {
          timeout: 60_000,
        }),
      );
    });
    expect(outcomes).toEqual(Array(VISITS).fill(ANSWERED));
  });
});

/** Every route whose built page shows a text field before any script has run. */
function routesWithTextFields(): string[] {
  const textField = /<textarea\b|<input\b(?![^>]*\btype="(?:file|checkbox|radio|hidden|submit|button)")/;
  return readdirSync(SITE_DIST)
    .filter((file) => file.endsWith(".html") && textField.test(readFileSync(`${SITE_DIST}/${file}`, "utf8")))
    .map((file) => (file === "index.html" ? "/" : `/${file.replace(/\.html$/, "")}`));
}

describe("typing through the moment the page hydrates", () => {
  // Long enough to start before the page answers and go on well after, at a person's pace.
  const SENTENCE =
    "Typed the moment the page appeared on a slow phone, through the moment it came alive, and on after it: " +
    "every key where it was typed, none lost, none moved.";
  const KEY_DELAY_MS = 20;
  const KEYS_BEFORE_CODE = 10;

  it("covers every page that shows a text field before its code has run", () => {
    expect(routesWithTextFields()).toContain("/vox-speaks");
  });

  for (const signedIn of [true, false]) {
    it.for(routesWithTextFields())(
      `on %s (${signedIn ? "signed in" : "signed out"}), the field and the app hold exactly what was typed`,
      async (route, { newContext }) => {
        // The app's code is held until the first keys have landed, then let in while typing goes
        // on: left to the network, a fast machine could hydrate before the first key arrived.
        const field = await visitInTheField(newContext, route, signedIn);
        const { page } = field;
        await firstPaint(page);
        const input = page.locator("textarea, input:not([type=file]):not([type=checkbox]):not([type=radio])").first();
        await input.focus();
        // Noted in the page, as keys land: when the first and last keys came and when it hydrated.
        await page.evaluate(() => {
          const keys = window as { firstKeyAt?: number; lastKeyAt?: number };
          window.addEventListener(
            "keydown",
            () => {
              keys.firstKeyAt ??= performance.now();
              keys.lastKeyAt = performance.now();
            },
            true,
          );
        });
        await page.keyboard.type(SENTENCE.slice(0, KEYS_BEFORE_CODE), { delay: KEY_DELAY_MS });
        field.release();
        await page.keyboard.type(SENTENCE.slice(KEYS_BEFORE_CODE), { delay: KEY_DELAY_MS });
        await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 120_000 });
        const span = await page.evaluate(() => {
          const keys = window as { firstKeyAt?: number; lastKeyAt?: number };
          const hydratedAt = performance.getEntriesByName("interactive")[0]?.startTime ?? Number.NaN;
          return { first: keys.firstKeyAt ?? Number.NaN, last: keys.lastKeyAt ?? Number.NaN, hydratedAt };
        });
        // React itself hydrated the page: hydrateRoot marks its container.
        expect(
          await page.evaluate(() =>
            Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer$")),
          ),
        ).toBe(true);
        // Typing began before the page answered and went on after it, else this proves little.
        expect(span.first).toBeLessThan(span.hydratedAt);
        expect(span.last).toBeGreaterThan(span.hydratedAt);
        expect(await input.inputValue()).toBe(SENTENCE);
        expect(
          await input.evaluate((element: HTMLTextAreaElement | HTMLInputElement) => [
            element.selectionStart,
            element.selectionEnd,
          ]),
        ).toEqual([SENTENCE.length, SENTENCE.length]);
        // The app's state holds the same text: Vox Speaks counts it as it renders.
        if (route === "/vox-speaks") {
          await expect
            .poll(() => page.locator("#tts-text-count").textContent())
            .toMatch(new RegExp(`^${SENTENCE.length} /`));
          await page.getByRole("button", { name: "Generate Speech" }).click();
          await page
            .getByRole("alert")
            .or(page.getByRole("dialog", { name: "Login" }))
            .first()
            .waitFor({ timeout: 60_000 });
          expect(await input.inputValue()).toBe(SENTENCE);
        }
        expect(field.errors).toEqual([]);
      },
    );
  }
});

// Two pages per sign-in state take the routes in turn, storage cleared between them: nothing here
// is throttled or timed, a fresh context per route cost a renderer process each time, and one
// page's load waits on the network while the other hydrates.
describe("hydrating keeps the page that was built", () => {
  // React throws a part's built HTML away (and shows its fallback) when what it renders there
  // differs, or when the part is updated before it has hydrated: the page jumps, and whatever was
  // typed or chosen in it is gone.
  const ROUTES = [...DEAD_WINDOW_ROUTES, "/about", "/developers", "/watch/a-shared-link"];

  async function lane(newContext: NewContext, signedIn: boolean) {
    const page = await (await newContext({ viewport: MOBILE_WINDOW })).newPage();
    if (signedIn) await storeSession(page, session);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (isPageError(message) && !message.text().includes("WebSocket")) errors.push(message.text());
    });
    // What the build rendered, less what is made to change once the browser knows more: the
    // parts that follow who is signed in, and loading indicators.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as { built?: Element[] }).built = [...document.querySelectorAll("#root *")].filter(
          (element) => !element.closest('[data-session-dependent], [role="status"]'),
        );
      });
    });
    return { page, errors };
  }

  for (const signedIn of [false, true]) {
    it(`on every route (${signedIn ? "signed in" : "signed out"}), every built element is still there`, {
      timeout: ROUTES.length * 20_000,
    }, async ({ newContext, expect }) => {
      const lanes = [await lane(newContext, signedIn), await lane(newContext, signedIn)];
      const problems: Record<string, unknown> = {};
      await inLanes(
        lanes,
        ROUTES,
        async ({ page, errors }, route) => {
          await page.goto(route);
          await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
          const { built, replaced } = await page.evaluate(() => {
            const elements = (window as { built?: Element[] }).built ?? [];
            return {
              built: elements.length,
              replaced: elements
                .filter((element) => !element.isConnected)
                .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
            };
          });
          if (built <= 20 || replaced.length > 0 || errors.length > 0) {
            problems[route] = { built, replaced, errors: [...errors] };
          }
        },
        { firstVisits: true },
      );
      expect(problems).toEqual({});
    });
  }
});
