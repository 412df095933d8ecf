import { DurableObject } from "cloudflare:workers";
import { loadConfig } from "../worker/config.ts";
import {
  LIVE_KEEPALIVE_MS,
  LIVE_MAX_FRAME_BYTES,
  type LiveServerMessage,
  liveClientMessage,
} from "../worker/contracts/live.ts";
import { ApiError } from "../worker/errors.ts";
import { admitTicket } from "../worker/live/admission.ts";
import { type MappedClose, mapProviderClose, RELAY_CLOSES } from "../worker/live/close-codes.ts";
import { addSeconds } from "../worker/live/usage.ts";
import { objectProviders } from "../worker/object-providers.ts";
import { deepgramLive } from "../worker/providers/deepgram-live.ts";
import type { LiveStream } from "../worker/providers/live-transcription.ts";
import { ProviderError } from "../worker/providers/provider-error.ts";

/** The Worker hands the session over in a header: the request must stay a bodiless upgrade. */
export const RELAY_SESSION_HEADER = "x-vox-relay-session";

/** What the Worker hands over with the upgrade: the ticket to spend and where the session came from. */
export interface RelayHandover {
  readonly ticket: string;
  readonly origin: string;
  /** Sandbox-only emulator flags, passed through for tests. */
  readonly extraQuery: string;
}

/** The session once its ticket is spent. */
interface RelaySession {
  readonly userId: string;
  /** Seconds of the monthly allowance left when the session opened; null is unlimited. */
  readonly secondsLeft: number | null;
  readonly origin: string;
  /** Sandbox-only emulator flags, passed through for tests. */
  readonly extraQuery: string;
}

interface Attachment extends RelaySession {
  readonly startedAt: number;
  meteredUntil: number;
  stopping: boolean;
}

/** Audio that arrives while the provider stream is still opening (a couple of seconds at most). */
const MAX_PENDING_FRAMES = 40;

/**
 * One live-transcription session: the browser's socket (accepted with the Hibernation API) on one
 * side, the provider's stream on the other. Audio frames go up, transcripts come down, KeepAlive
 * goes up every 3 s from an alarm, which also meters usage and enforces the monthly quota.
 * The provider socket is an ordinary outbound WebSocket, so the object stays in memory while a
 * session is open; if it is ever evicted anyway, the browser is told the connection was lost.
 */
export class TranscriptionRelay extends DurableObject<Env> {
  private upstream: LiveStream | null = null;
  private opening: Promise<void> | null = null;
  private pending: ArrayBuffer[] = [];
  /** Set once the relay has decided how the session ends, so later closes cannot change it. */
  private ending = false;

  override async fetch(request: Request): Promise<Response> {
    const handover = JSON.parse(request.headers.get(RELAY_SESSION_HEADER) ?? "null") as RelayHandover;
    let session: RelaySession;
    try {
      const admitted = await admitTicket(this.env.DB, handover.ticket);
      session = { ...admitted, origin: handover.origin, extraQuery: handover.extraQuery };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The Worker turns this back into its own error answer; no socket was accepted.
      return Response.json({ message: error.message, code: error.code }, { status: error.status });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    const now = Date.now();
    const attachment: Attachment = { ...session, startedAt: now, meteredUntil: now, stopping: false };
    server.serializeAttachment(attachment);
    await this.ctx.storage.setAlarm(now + LIVE_KEEPALIVE_MS);
    this.opening = this.openUpstream(server, attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  private async openUpstream(socket: WebSocket, session: Attachment): Promise<void> {
    try {
      const providers = objectProviders(this.env, session.origin);
      this.upstream = await deepgramLive.connect(
        providers("deepgram"),
        { model: loadConfig(this.env).models.analysis, extraQuery: new URLSearchParams(session.extraQuery) },
        {
          onTranscript: (transcript) =>
            this.send(socket, {
              type: "transcript",
              text: transcript.text,
              is_final: transcript.isFinal,
              start: transcript.start,
              duration: transcript.duration,
            }),
          onClose: (code, reason) => this.upstreamClosed(code, reason),
        },
      );
      for (const frame of this.pending) this.upstream.sendAudio(frame);
      this.pending = [];
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] provider stream refused`, error);
      const mapped =
        error instanceof ProviderError && error.status >= 400
          ? mapProviderClose("handshake", error.status)
          : RELAY_CLOSES.lost;
      await this.end(socket, mapped);
    } finally {
      this.opening = null;
    }
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    try {
      if (typeof message !== "string") {
        if (message.byteLength > LIVE_MAX_FRAME_BYTES) {
          await this.end(socket, RELAY_CLOSES.frameTooLarge, false);
          return;
        }
        if (this.upstream) this.upstream.sendAudio(message);
        else if (this.opening && this.pending.length < MAX_PENDING_FRAMES) this.pending.push(message);
        else if (!this.opening) await this.end(socket, RELAY_CLOSES.lost);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(message);
      } catch {
        this.send(socket, { type: "error", code: 4100, message: "That control message is not JSON." });
        return;
      }
      const control = liveClientMessage.safeParse(json);
      if (!control.success) {
        this.send(socket, { type: "error", code: 4101, message: 'Unknown control message; send {"type":"stop"}.' });
        return;
      }
      const attachment = socket.deserializeAttachment() as Attachment;
      attachment.stopping = true;
      socket.serializeAttachment(attachment);
      if (this.opening) await this.opening;
      if (this.upstream) this.upstream.finish();
      else await this.end(socket, RELAY_CLOSES.finished);
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] message failed`, error);
      await this.end(socket, RELAY_CLOSES.lost);
    }
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      this.upstream?.close();
      this.upstream = null;
      await this.meter(socket);
      await this.ctx.storage.deleteAlarm();
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] close failed`, error);
    }
  }

  override async webSocketError(socket: WebSocket, error: unknown): Promise<void> {
    console.error(`[TranscriptionRelay ${this.ctx.id}] socket error`, error);
    await this.webSocketClose(socket, 1011);
  }

  /** Every 3 s: KeepAlive upstream, meter the time, and stop a session that used up the month. */
  override async alarm(): Promise<void> {
    const socket = this.ctx.getWebSockets()[0];
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    try {
      const attachment = socket.deserializeAttachment() as Attachment;
      await this.meter(socket);
      if (attachment.secondsLeft !== null && (Date.now() - attachment.startedAt) / 1000 >= attachment.secondsLeft) {
        await this.end(socket, RELAY_CLOSES.quotaUsed);
        return;
      }
      if (this.upstream) this.upstream.keepAlive();
      else if (!this.opening) {
        await this.end(socket, RELAY_CLOSES.lost);
        return;
      }
      await this.ctx.storage.setAlarm(Date.now() + LIVE_KEEPALIVE_MS);
    } catch (error) {
      console.error(`[TranscriptionRelay ${this.ctx.id}] alarm failed`, error);
    }
  }

  private async upstreamClosed(code: number, reason: string): Promise<void> {
    if (this.ending) return;
    this.upstream = null;
    const socket = this.ctx.getWebSockets()[0];
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const attachment = socket.deserializeAttachment() as Attachment;
    if (attachment.stopping && code === 1000) await this.end(socket, RELAY_CLOSES.finished, false);
    else await this.end(socket, mapProviderClose(code, reason));
  }

  /** Ends the session: an error message first unless it finished normally, then the close. */
  private async end(socket: WebSocket, close: Pick<MappedClose, "code" | "message">, announce = close.code !== 1000) {
    if (this.ending) return;
    this.ending = true;
    if (announce) this.send(socket, { type: "error", code: close.code, message: close.message });
    this.upstream?.close();
    this.upstream = null;
    await this.meter(socket);
    await this.ctx.storage.deleteAlarm();
    if (socket.readyState === WebSocket.OPEN) socket.close(close.code, close.message);
  }

  /** Adds the time since the last metering to the user's month, so a crash loses little. */
  private async meter(socket: WebSocket): Promise<void> {
    const attachment = socket.deserializeAttachment() as Attachment | null;
    if (!attachment) return;
    const now = Date.now();
    const seconds = (now - attachment.meteredUntil) / 1000;
    attachment.meteredUntil = now;
    socket.serializeAttachment(attachment);
    await addSeconds(this.env.DB, attachment.userId, seconds);
  }

  private send(socket: WebSocket, message: LiveServerMessage): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
}
