import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { apiErrorBodySchema } from "../contracts/api-error.ts";
import { ApiError } from "../core/errors.ts";
import { type RelayRequest, relayRequest } from "./contracts/live-handover.ts";

/** The Worker hands the session over in a header: the request must stay a bodiless upgrade. */
const RELAY_SESSION_HEADER = "x-vox-relay-session";

/** Hands the upgrade to the session's relay; a refusal it answers becomes this Worker's error answer. */
export async function handOver(
  c: Context<AppEnv>,
  sessionId: string,
  handover: RelayRequest,
): Promise<WebSocket | null> {
  const relayed = await c.env.TRANSCRIPTION_RELAY.getByName(sessionId).fetch(
    new Request("https://relay/session", {
      headers: { upgrade: "websocket", [RELAY_SESSION_HEADER]: JSON.stringify(handover) },
    }),
  );
  if (relayed.status !== 101) {
    const refusal = apiErrorBodySchema.parse(await relayed.json());
    throw new ApiError(relayed.status as ContentfulStatusCode, refusal.code, refusal.message);
  }
  return relayed.webSocket;
}

/**
 * The relay's side: the hand-over its request carries. Only this Worker builds it, so one that does
 * not parse is a fault here, answered as any unknown error is.
 */
export function readHandover(request: Request): RelayRequest {
  let json: unknown = null;
  try {
    json = JSON.parse(request.headers.get(RELAY_SESSION_HEADER) ?? "null");
  } catch {
    // Reported by the schema below, with the rest of what is wrong.
  }
  const parsed = relayRequest.safeParse(json);
  if (!parsed.success) throw new Error(`malformed relay hand-over: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
