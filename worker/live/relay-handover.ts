import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env.ts";
import type { ApiErrorBody } from "../contracts/api-error.ts";
import { ApiError } from "../errors.ts";

/** The Worker hands the session over in a header: the request must stay a bodiless upgrade. */
export const RELAY_SESSION_HEADER = "x-vox-relay-session";

/** What the Worker tells the relay when it hands over an upgrade: a new session, or a resume. */
export type RelayRequest =
  | {
      readonly kind: "open";
      /** Spent here, beside the session, so opening costs the Worker one trip to this object. */
      readonly ticket: string;
      readonly sessionId: string;
      readonly resumeToken: string;
      readonly origin: string;
      /** Sandbox-only emulator flags, passed through for tests. */
      readonly extraQuery: string;
    }
  | {
      readonly kind: "resume";
      readonly resumeToken: string;
      /** The last final `seq` the page has. */
      readonly after: number;
      /** The page's audio starts a new container (a reloaded page), so the provider needs a new stream. */
      readonly fresh: boolean;
    }
  | {
      /** A caption viewer, through a working link the Worker has checked. */
      readonly kind: "watch";
      readonly sessionId: string;
      readonly token: string;
      readonly after: number;
    };

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
    const refusal = (await relayed.json()) as ApiErrorBody;
    throw new ApiError(relayed.status as ContentfulStatusCode, refusal.code, refusal.message);
  }
  return relayed.webSocket;
}
