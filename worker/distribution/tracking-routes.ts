import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { createElement as h, type ReactNode } from "react";
import { sha256Hex } from "../accounts/tokens.ts";
import type { AppEnv } from "../app-env.ts";
import { billingNow } from "../billing/billing-clock.ts";
import { suppressAddress } from "../contacts/store.ts";
import { API } from "../contracts/api-paths.ts";
import { clientIp, enforceRateLimit, TRACKING_RATE_LIMITS } from "../core/rate-limit.ts";
import { newsroomReleasePath } from "../newsroom/contracts/newsroom.ts";
import { notFoundPage, noticePage, renderPage } from "../newsroom/newsroom-page.ts";
import { publicationOf } from "../newsroom/publications.ts";
import { newsroomSlugOf, organisationOf } from "../organisation/store.ts";
import { embargoTime } from "../press-releases/contracts/release-options.ts";
import { markUnsubscribed, recipientOfToken, recordClick, recordOpen } from "./store.ts";

/**
 * What a sent release's e-mail links to, for anyone holding the link: the open pixel, the tracked
 * link to the public release, and the unsubscribe page. A token is 32 random bytes; the rows keep
 * only its SHA-256, so neither the link nor the database says whose it is. Whatever the token, the
 * answer is harmless: a pixel, or a 404 page. Each route counts the requests of a network address
 * first (`TRACKING_RATE_LIMITS`); past its bound the answer is the usual 429 `rate_limited`.
 */
export const tracking = new Hono<AppEnv>();
export const unsubscribing = new Hono<AppEnv>();

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const HTML = "text/html; charset=utf-8";
const noStore = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

/** A transparent 1×1 GIF. */
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (char) =>
  char.charCodeAt(0),
);

const perAddress = (route: keyof typeof TRACKING_RATE_LIMITS) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(c.env, route, `ip:${clientIp(c)}`, TRACKING_RATE_LIMITS[route]);
    await next();
  });

const tokenHashOf = async (token: string) => (TOKEN.test(token) ? sha256Hex(token) : null);

async function notFound(c: Context<AppEnv>): Promise<Response> {
  return c.body(await renderPage(notFoundPage(c.req.url)), 404, { "content-type": HTML, ...noStore });
}

tracking.get(API.tracking.at.open, perAddress("trackOpen"), async (c) => {
  const hash = await tokenHashOf(c.req.param("token"));
  if (hash) await recordOpen(c.env.DB, hash, new Date().toISOString());
  return c.body(PIXEL, 200, { "content-type": "image/gif", ...noStore });
});

tracking.get(API.tracking.at.click, perAddress("trackClick"), async (c) => {
  const hash = await tokenHashOf(c.req.param("token"));
  const recipient = hash ? await recordClick(c.env.DB, hash, new Date().toISOString()) : null;
  if (!recipient) return notFound(c);
  const [publication, newsroom] = await Promise.all([
    publicationOf(c.env.DB, recipient.job_id, recipient.user_id),
    newsroomSlugOf(c.env.DB, recipient.user_id),
  ]);
  if (!publication || !newsroom) return notFound(c);
  const url = `${new URL(c.req.url).origin}${newsroomReleasePath(newsroom, publication.slug)}`;
  const now = await billingNow(c.env.DB, c.var.config);
  if (publication.published_at && publication.publish_at <= now.toISOString()) return c.redirect(url, 302);
  // Before its time the public address answers 404 to everyone; the journalist who was sent it is
  // told why, and when it will be there.
  const { name } = await organisationOf(c.env.DB, recipient.user_id);
  return page(
    c,
    "Under embargo",
    h("h1", null, "Under embargo"),
    h("p", null, `This release is under embargo until ${embargoTime(publication.publish_at)}.`),
    h("p", null, `It will be on ${name || "the sender"}'s newsroom then, at `, h("a", { href: url }, url), "."),
    h("p", null, "The e-mail you were sent holds its full text."),
  );
});

const page = async (c: Context<AppEnv>, title: string, ...body: ReactNode[]) =>
  c.body(await renderPage(noticePage(title, c.req.url, ...body)), 200, { "content-type": HTML, ...noStore });

/** The page a person reaches from the e-mail's link: one button, so a link scanner unsubscribes no one. */
unsubscribing.get(API.unsubscribe.at.page, perAddress("unsubscribe"), async (c) => {
  const hash = await tokenHashOf(c.req.param("token"));
  const recipient = hash ? await recipientOfToken(c.env.DB, hash) : null;
  if (!recipient) return notFound(c);
  const { name } = await organisationOf(c.env.DB, recipient.user_id);
  return page(
    c,
    "Unsubscribe",
    h("h1", null, "Unsubscribe"),
    h("p", null, `Stop receiving press releases from ${name || "this sender"} at this address?`),
    h("form", { method: "post" }, h("button", { type: "submit" }, "Unsubscribe")),
  );
});

/** The button above, and the one-click unsubscribe mail clients send (RFC 8058). */
unsubscribing.post(API.unsubscribe.at.page, perAddress("unsubscribe"), async (c) => {
  const hash = await tokenHashOf(c.req.param("token"));
  const recipient = hash ? await recipientOfToken(c.env.DB, hash) : null;
  if (!recipient) return notFound(c);
  const now = new Date().toISOString();
  await c.env.DB.batch([
    ...suppressAddress(c.env.DB, recipient.user_id, recipient.email, "unsubscribed", now),
    markUnsubscribed(c.env.DB, recipient.user_id, recipient.email, now),
  ]);
  const { name } = await organisationOf(c.env.DB, recipient.user_id);
  return page(
    c,
    "Unsubscribed",
    h("h1", null, "You are unsubscribed"),
    h("p", null, `${name || "This sender"} will send no more press releases to this address.`),
  );
});
