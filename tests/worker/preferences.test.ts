import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { client, registerAndSignIn } from "./helpers.ts";

describe("GET/PUT /api/preferences: the language every tool opens in", () => {
  it("is English until chosen, then the account's choice, for that account only", async () => {
    const { api } = await registerAndSignIn();
    const other = await registerAndSignIn();
    expect(await (await api.get("/api/preferences")).json()).toEqual({ language: "en" });
    const saved = await api.put("/api/preferences", { language: "yo" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ language: "yo" });
    expect(await (await api.get("/api/preferences")).json()).toEqual({ language: "yo" });
    expect(await (await other.api.get("/api/preferences")).json()).toEqual({ language: "en" });
    await api.put("/api/preferences", { language: "ha" });
    expect(await (await api.get("/api/preferences")).json()).toEqual({ language: "ha" });
  });

  it("needs a session and refuses a language Vox does not offer", async () => {
    expect((await client().get("/api/preferences")).status).toBe(401);
    expect((await client().put("/api/preferences", { language: "yo" })).status).toBe(401);
    const { api } = await registerAndSignIn();
    const french = await api.put("/api/preferences", { language: "fr" });
    expect(french.status).toBe(400);
    expect(await french.json()).toMatchObject({ errors: { language: ["Choose a language from the list"] } });
  });
});

describe("GET/PUT /api/vocabulary: names the recognisers should expect", () => {
  it("keeps the account's terms trimmed, once each, in their order", async () => {
    const { api } = await registerAndSignIn();
    expect(await (await api.get("/api/vocabulary")).json()).toEqual({ terms: [] });
    const saved = await api.put("/api/vocabulary", { terms: [" Ngozi Okonjo-Iweala ", "Ìbàdàn", "ìbàdàn", "Vox"] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ terms: ["Ngozi Okonjo-Iweala", "ìbàdàn", "Vox"] });
    expect(await (await api.get("/api/vocabulary")).json()).toEqual({
      terms: ["Ngozi Okonjo-Iweala", "ìbàdàn", "Vox"],
    });
    const other = await registerAndSignIn();
    expect(await (await other.api.get("/api/vocabulary")).json()).toEqual({ terms: [] });
    expect(await (await api.put("/api/vocabulary", { terms: [] })).json()).toEqual({ terms: [] });
  });

  it("goes with the account", async () => {
    const { api, user, input } = await registerAndSignIn();
    await api.put("/api/vocabulary", { terms: ["Ọọ̀ni of Ifẹ̀"] });
    await api.put("/api/preferences", { language: "ig" });
    const rows = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM preferences WHERE user_id = ?").bind(user.id).first("n");
    expect(await rows()).toBe(1);
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect(await rows()).toBe(0);
  });

  it("refuses more than 100 terms, a term over 50 characters and a comma with 400s that say so", async () => {
    const { api } = await registerAndSignIn();
    const many = await api.put("/api/vocabulary", { terms: Array.from({ length: 101 }, (_, i) => `Term ${i}`) });
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ errors: { terms: ["At most 100 terms"] } });
    expect((await api.put("/api/vocabulary", { terms: Array.from({ length: 100 }, (_, i) => `T${i}`) })).status).toBe(
      200,
    );
    const long = await api.put("/api/vocabulary", { terms: ["x".repeat(51)] });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain("at most 50 characters");
    const comma = await api.put("/api/vocabulary", { terms: ["Lagos, Nigeria"] });
    expect(comma.status).toBe(400);
    expect((await api.put("/api/vocabulary", { terms: "Vox" })).status).toBe(400);
    expect((await client().put("/api/vocabulary", { terms: [] })).status).toBe(401);
  });
});

describe("POST /api/tts/tone-marks", () => {
  it("gives Yorùbá typed without marks its tone marks and under-dots", async () => {
    const { api } = await registerAndSignIn();
    const response = await api.post("/api/tts/tone-marks", {
      text: "E kaaaro, a dupe lowo gbogbo yin fun didara po mo wa lonii.",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: "Ẹ káàárọ̀, a dúpẹ́ lọ́wọ́ gbogbo yín fún dídára pọ̀ mọ́ wa lónìí." });
  });

  it("needs a session and some text", async () => {
    expect((await client().post("/api/tts/tone-marks", { text: "E kaaaro" })).status).toBe(401);
    const { api } = await registerAndSignIn();
    const empty = await api.post("/api/tts/tone-marks", { text: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { text: ["Type the text to mark"] } });
  });
});
