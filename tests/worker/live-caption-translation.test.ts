import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../worker/contracts/languages.ts";
import type { WatchServerMessage } from "../../worker/live/contracts/live.ts";
import { translateText } from "../../worker/sandbox/spitch-corpus.ts";
import { failNext } from "./helpers.ts";
import { finals, sharedSession, speak, transcripts, until, type Viewer, watch } from "./live-sockets.ts";

// Real sockets through the Worker, the relay and both emulators; a busy machine is slow.
vi.setConfig({ testTimeout: 60_000 });

/** Translations the emulator answered since `armed` failures were set up: each one used a fault. */
async function translationsAsked(armed: number): Promise<number> {
  const row = await env.DB.prepare("SELECT remaining FROM sandbox_faults WHERE target = 'spitch-translate'").first<{
    remaining: number;
  }>();
  return armed - (row?.remaining ?? 0);
}

const finalsOf = (viewer: Viewer) => finals(viewer.messages) as Extract<WatchServerMessage, { type: "transcript" }>[];
const bySeq = (viewer: Viewer) => [...finalsOf(viewer)].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));

afterEach(() => failNext("spitch-translate", 503, 0));

describe("caption readers of another language", () => {
  it("get each final translated with its language and the words as spoken; interims stay as spoken; readers of the spoken language get the speaker's finals unchanged", async () => {
    const { session, link } = await sharedSession();
    const english = await watch(link);
    const asked = await watch(link, { language: "en" });
    const yoruba = [await watch(link, { language: "yo" }), await watch(link, { language: "yo" })];
    const hausa = await watch(link, { language: "ha" });
    speak(session, 24);
    await until(session, (messages) => finals(messages).length === 2);
    for (const viewer of [english, asked, ...yoruba, hausa]) await until(viewer, (m) => finals(m).length === 2);

    const spoken = finals(session.messages);
    expect(finalsOf(english)).toEqual(spoken);
    expect(finalsOf(asked)).toEqual(spoken);
    const translated = (language: Language) =>
      spoken.map((final) => ({
        ...final,
        text: translateText(final.text, "en", language),
        language,
        original: final.text,
      }));
    for (const viewer of yoruba) expect(bySeq(viewer)).toEqual(translated("yo"));
    expect(bySeq(hausa)).toEqual(translated("ha"));
    // Real sentences of the emulator's corpus, not the English handed back.
    for (const final of bySeq(hausa)) expect(final.text).not.toBe(final.original);

    const interims = transcripts(yoruba[0]?.messages ?? []).filter((m) => !m.is_final);
    const spokenInterims = transcripts(session.messages).filter((m) => !m.is_final);
    expect(interims.length).toBeGreaterThan(0);
    for (const interim of interims) {
      expect(interim).not.toHaveProperty("language");
      expect(spokenInterims).toContainEqual(interim);
    }
  });

  it("translates each final once per language however many read it; a failed one comes as spoken, marked with the spoken language, and holds up neither the next final nor anyone else", async () => {
    const { session, link } = await sharedSession();
    const english = await watch(link);
    const yoruba = [await watch(link, { language: "yo" }), await watch(link, { language: "yo" })];
    const igbo = await watch(link, { language: "ig" });
    // Every translation fails: each one asked uses up a fault, so the faults used count them.
    await failNext("spitch-translate", 503, 50);
    speak(session, 24);
    for (const viewer of [english, ...yoruba, igbo]) await until(viewer, (m) => finals(m).length === 2);
    expect(await translationsAsked(50)).toBe(4);
    const spoken = finals(session.messages);
    expect(finalsOf(english)).toEqual(spoken);
    for (const viewer of [...yoruba, igbo]) {
      expect(bySeq(viewer)).toEqual(spoken.map((final) => ({ ...final, language: "en" })));
    }

    // The next final's translation fails, the one after it does not.
    await failNext("spitch-translate", 503, 1);
    speak(session, 24);
    for (const viewer of [english, ...yoruba]) await until(viewer, (m) => finals(m).length === 4);
    const [third, fourth] = bySeq(yoruba[0] as Viewer).slice(2);
    const [spokenThird, spokenFourth] = finals(session.messages).slice(2);
    expect(third).toEqual({ ...spokenThird, language: "en" });
    expect(fourth).toEqual({
      ...spokenFourth,
      text: translateText(spokenFourth?.text ?? "", "en", "yo"),
      language: "yo",
      original: spokenFourth?.text,
    });
    expect(finalsOf(english)).toEqual(finals(session.messages));
  });

  it("a late reader and the kept link after the session read the translations already made, without asking again", async () => {
    const { session, link } = await sharedSession();
    const first = await watch(link, { language: "yo" });
    speak(session, 24);
    await until(first, (m) => finals(m).length === 2);
    const made = bySeq(first);

    await failNext("spitch-translate", 503, 50);
    const late = await watch(link, { language: "yo" });
    await until(late, (m) => finals(m).length === 2);
    expect(bySeq(late)).toEqual(made);

    session.socket.send(JSON.stringify({ type: "stop" }));
    await session.closed;
    const kept = await watch(link, { language: "yo" });
    await kept.closed;
    expect(bySeq(kept)).toEqual(made);
    expect(kept.messages.at(-1)).toEqual({ type: "ended", reason: "session_ended" });
    expect(await translationsAsked(50)).toBe(0);
  });
});
