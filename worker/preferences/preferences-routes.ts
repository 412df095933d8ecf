import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { auditEditRequest } from "../workspaces/audit.ts";
import { preferencesBody, vocabularyBody } from "./contracts/preferences.ts";
import { languageOf, saveLanguage, saveVocabulary, vocabularyOf } from "./store.ts";

/** `/api/preferences` (the language every tool opens in) and `/api/vocabulary` (recogniser hints). */

const noStore = { "cache-control": "no-store" };

export const preferences = new Hono<AppEnv>();
preferences.use("*", requireUser);

preferences.get("/", async (c) => c.json({ language: await languageOf(c.env.DB, c.var.user.id) }, 200, noStore));

preferences.put("/", jsonBodyLimit, jsonBody(preferencesBody), async (c) => {
  const { language } = c.req.valid("json");
  await saveLanguage(c.env.DB, c.var.user.id, language, new Date().toISOString());
  return c.json({ language }, 200, noStore);
});

export const vocabulary = new Hono<AppEnv>();
vocabulary.use("*", requireUser);

vocabulary.get("/", async (c) => c.json({ terms: await vocabularyOf(c.env.DB, c.var.account.id) }, 200, noStore));

vocabulary.put("/", jsonBodyLimit, jsonBody(vocabularyBody), async (c) => {
  const terms = await saveVocabulary(c.env.DB, c.var.account.id, c.req.valid("json").terms, new Date().toISOString());
  // The vocabulary is the workspace's one, so the workspace's id names it.
  await auditEditRequest(c, "vocabulary.edited", "the vocabulary", c.var.account.id);
  return c.json({ terms }, 200, noStore);
});
