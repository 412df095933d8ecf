import { type Context, Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { planLimits } from "../billing/contracts/plans.ts";
import { assertActivePlan } from "../billing/require-plan.ts";
import { API, PAGE_PATHS } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { clientIp, enforceRateLimit, limitWrite, WATCH_RATE_LIMIT } from "../core/rate-limit.ts";
import { cancelReservation, findShare, reserveShare, revokeShare, shareSession } from "./caption-shares.ts";
import { refuse } from "./caption-sockets.ts";
import { liveSessionParam, watchQuery } from "./contracts/live.ts";
import { type LiveClose, WATCH_CLOSES } from "./contracts/live-closes.ts";
import { handOver } from "./relay-handover.ts";
import { sessionOwner } from "./transcripts.ts";

/**
 * Live captions for an audience: the owner of a session shares it as a link, and anyone with the
 * link watches its captions through a listen-only socket on the session's relay.
 */
export const liveCaptions = new Hono<AppEnv>();

const notFound = () => new ApiError(404, "live_session_not_found", "That live transcription session does not exist.");

/** The session in the path, if the signed-in user owns it (404 otherwise, so ids reveal nothing). */
async function ownedSession(c: Context<AppEnv>): Promise<string> {
  const param = liveSessionParam.safeParse(c.req.param());
  if (!param.success) throw new ApiError(400, "validation_failed", "session_id: not a live session id.");
  const owner = await sessionOwner(c.env.DB, param.data.session_id);
  if (owner?.userId !== c.var.account.id) throw notFound();
  return param.data.session_id;
}

const watchUrl = (c: Context<AppEnv>, token: string) =>
  `${c.var.config.siteUrl ?? new URL(c.req.url).origin}${PAGE_PATHS.watch}/${token}`;

/**
 * A caption link before recording, for a slide: the account's next session takes it. Made on first
 * asking (201) and the same link after (200), until that session starts or the owner withdraws it.
 * Needs the plan a session needs, so a link is never handed out for a session that cannot start.
 */
liveCaptions.post(API.live.at.share, requireUser, async (c) => {
  assertActivePlan(c.var.account);
  const { token, sessionId, created } = await reserveShare(c.env.DB, c.var.account.id);
  return c.json({ watch_url: watchUrl(c, token), token, session_id: sessionId }, created ? 201 : 200, {
    "cache-control": "no-store",
  });
});

/** Withdraws the link waiting for the next session (204, also when there was none); its viewers are told. */
liveCaptions.delete(API.live.at.share, requireUser, async (c) => {
  const withdrawn = await cancelReservation(c.env.DB, c.var.account.id);
  if (withdrawn) await c.env.TRANSCRIPTION_RELAY.getByName(withdrawn.sessionId).stopSharing(withdrawn.token);
  return c.body(null, 204);
});

/** The session's caption link, made on first asking (201) and the same link after (200). */
liveCaptions.post(API.live.at.sessionShare, requireUser, async (c) => {
  const sessionId = await ownedSession(c);
  const { token, created } = await shareSession(c.env.DB, sessionId);
  return c.json({ watch_url: watchUrl(c, token), token }, created ? 201 : 200, {
    "cache-control": "no-store",
  });
});

/**
 * Revokes the link: its viewers are told sharing stopped; a new share makes a new link. Revoking is
 * limited per hour, since each revocation is what lets one more link row be made.
 */
liveCaptions.delete(API.live.at.sessionShare, requireUser, async (c) => {
  const sessionId = await ownedSession(c);
  await limitWrite(c, "captionRevoke");
  const token = await revokeShare(c.env.DB, sessionId);
  if (token) await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).stopSharing(token);
  return c.body(null, 204);
});

/**
 * A viewer's socket. The refusals a watching page must be able to explain come as close codes,
 * since a browser cannot read the status of a refused WebSocket upgrade: an unknown link (a token
 * of the wrong shape is one too, as when a chat app cut the link short), too many connections, a
 * full audience. The rest of a malformed query, which only our page writes, is a 400.
 */
liveCaptions.get(API.live.at.watch, async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "Open this address as a WebSocket.");
  }
  const query = watchQuery.safeParse(c.req.query());
  if (!query.success) {
    if (query.error.issues.some((issue) => issue.path[0] === "token")) return refused(WATCH_CLOSES.unknownLink);
    throw new ApiError(400, "validation_failed", "The caption sequence number or language is malformed.");
  }
  const address = clientIp(c);
  const [limited, share] = await Promise.all([
    enforceRateLimit(c.env, "watch", `ip:${address}`, WATCH_RATE_LIMIT).then(
      () => false,
      (error) => {
        if (error instanceof ApiError && error.status === 429) return true;
        throw error;
      },
    ),
    findShare(c.env.DB, query.data.token),
  ]);
  if (limited) return refused(WATCH_CLOSES.rateLimited);
  if (!share) return refused(WATCH_CLOSES.unknownLink);
  const relayed = await handOver(c, share.sessionId, {
    kind: "watch",
    sessionId: share.sessionId,
    address,
    origin: new URL(c.req.url).origin,
    ...query.data,
    ...(share.waitingFor && { waiting: { cap: planLimits(share.waitingFor.plan).liveViewers } }),
  });
  return new Response(null, { status: 101, webSocket: relayed });
});

function refused(close: LiveClose): Response {
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  refuse(server, close);
  return new Response(null, { status: 101, webSocket: client });
}
