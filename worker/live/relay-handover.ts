import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { apiErrorBodySchema } from "../contracts/api-error.ts";
import { ApiError } from "../core/errors.ts";
import { readingTag } from "./caption-sockets.ts";
import {
  type RelayRequest,
  relayRequest,
  type ShardSeat,
  shardName,
  shardPlacement,
  shardSeat,
} from "./contracts/live-handover.ts";

/** The Worker hands the session over in a header: the request must stay a bodiless upgrade. */
const RELAY_SESSION_HEADER = "x-vox-relay-session";

const upgradeCarrying = (handover: RelayRequest | ShardSeat) =>
  new Request("https://relay/session", {
    headers: { upgrade: "websocket", [RELAY_SESSION_HEADER]: JSON.stringify(handover) },
  });

/**
 * Hands the upgrade to the session's relay; a refusal it answers becomes this Worker's error answer.
 * A viewer the relay places on one of its caption shards (its own places taken) is handed to that
 * shard, which the relay has already counted it in.
 */
export async function handOver(
  c: Context<AppEnv>,
  sessionId: string,
  handover: RelayRequest,
): Promise<WebSocket | null> {
  const relayed = await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).fetch(upgradeCarrying(handover));
  if (relayed.status === 200 && handover.kind === "watch") {
    const placed = shardPlacement.parse(await relayed.json());
    try {
      const seated = await c.env.CAPTION_SHARDS.getByName(shardName(placed)).fetch(
        upgradeCarrying({ ...handover, ...placed }),
      );
      if (seated.webSocket) return seated.webSocket;
      throw new Error(`caption shard ${placed.shard} answered ${seated.status}`);
    } catch (error) {
      // The relay counted the viewer in its place: a shard that did not seat it frees the place.
      await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).shardSeatFailed(
        placed,
        handover.address,
        readingTag(handover),
      );
      throw error;
    }
  }
  if (relayed.status !== 101) {
    const refusal = apiErrorBodySchema.parse(await relayed.json());
    throw new ApiError(relayed.status as ContentfulStatusCode, refusal.code, refusal.message);
  }
  return relayed.webSocket;
}

/**
 * The relay's and shards' side: the hand-over its request carries. Only this Worker builds it, so
 * one that does not parse is a fault here, answered as any unknown error is.
 */
function readCarried<T>(request: Request, schema: z.ZodType<T>): T {
  let json: unknown = null;
  try {
    json = JSON.parse(request.headers.get(RELAY_SESSION_HEADER) ?? "null");
  } catch {
    // Reported by the schema below, with the rest of what is wrong.
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`malformed relay hand-over: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const readHandover = (request: Request): RelayRequest => readCarried(request, relayRequest);

export const readShardSeat = (request: Request): ShardSeat => readCarried(request, shardSeat);
