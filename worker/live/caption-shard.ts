import { DurableObject } from "cloudflare:workers";
import { closeWith, linkTag, readingTag, sendToAll, VIEWER_TAG, viewerTags } from "./caption-sockets.ts";
import { type LiveClose, WATCH_CLOSES } from "./contracts/live-closes.ts";
import type { ShardSeat } from "./contracts/live-handover.ts";
import { readShardSeat } from "./relay-handover.ts";

/** A drop to the watching page, which reconnects with the last `seq` it has. */
const CATCH_UP_FAILED: LiveClose = { code: 1011, message: "The captions could not be caught up." };

/** What a shard keeps on each viewer's socket, read back after hibernating. */
interface Seated {
  readonly relay: string;
  readonly shard: number;
  readonly address: string;
  readonly reads: string;
  /** The shard closed it and told the relay: its close is not a second leave. */
  readonly gone?: true;
}

/**
 * Kept in the shard's own storage while it holds viewers: the relay and the shard's number, so an
 * instance that starts with it and no sockets knows its viewers were lost without a close event
 * (the process crashed, or a deploy reset it) and tells the relay to stop counting them. No
 * address is kept: the relay's count has those.
 */
const HOLDING = "holding";

type Holding = Pick<Seated, "relay" | "shard">;

/**
 * A part of a large caption audience. The relay seats its first viewers itself; the rest it places
 * on shards, each an object of its own with its own sockets, so a final reaches ten thousand
 * viewers as a send to each of ten objects rather than ten thousand sends from one. The relay
 * decides who is admitted and counts them (`CaptionSeats`); a shard only holds its viewers'
 * sockets (Hibernation API, found again by the same tags as the relay's own), passes on what the
 * relay sends it, and tells the relay when a viewer leaves, or that it lost them all (`HOLDING`).
 */
export class CaptionShard extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const holding = ctx.storage.kv.get<Holding>(HOLDING);
    if (holding && ctx.getWebSockets(VIEWER_TAG).length === 0) void ctx.blockConcurrencyWhile(() => this.lost(holding));
  }

  override async fetch(request: Request): Promise<Response> {
    const seat = readShardSeat(request);
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const tags = viewerTags(seat);
    this.ctx.acceptWebSocket(server, tags);
    const seated: Seated = { relay: seat.relay, shard: seat.shard, address: seat.address, reads: readingTag(seat) };
    server.serializeAttachment(seated);
    this.ctx.storage.kv.put<Holding>(HOLDING, { relay: seat.relay, shard: seat.shard });
    void this.catchUp(server, seated, seat);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * What the viewer missed, from the relay, once seated: a caption sent meanwhile comes live, or
   * again in the catch-up (the page places finals by `seq`). Not awaited by the upgrade, since a
   * catch-up in another language waits on its translations.
   */
  private async catchUp(socket: WebSocket, seated: Seated, seat: ShardSeat): Promise<void> {
    try {
      const { messages, end } = await this.relay(seat).shardCatchUp(seat);
      for (const message of messages) socket.send(message);
      if (end) {
        // The relay counted it out as it answered: a session over, or erased, holds no one here.
        this.closeCounted(socket, seated, end.message, end.close);
        this.forgetWhenEmpty();
      }
    } catch (error) {
      console.error(`[CaptionShard ${this.ctx.id}] catching a viewer up failed`, error);
      this.closeCounted(socket, seated, null, CATCH_UP_FAILED);
      await this.left(seated);
    }
  }

  /** A caption for every viewer here, or everyone reading one language. */
  async send(data: string, tag = VIEWER_TAG): Promise<void> {
    sendToAll(this.ctx.getWebSockets(tag), data);
  }

  /** The session is over: every viewer here is told, then closed; the relay forgets them all. */
  async closeAll(data: string, close: LiveClose): Promise<void> {
    for (const socket of this.ctx.getWebSockets(VIEWER_TAG)) this.closeCounted(socket, seatOf(socket), data, close);
    this.ctx.storage.kv.delete(HOLDING);
  }

  /** The owner revoked `token`: the viewers who came through it are told and closed; the relay is told who left. */
  async closeLink(token: string, data: string, close: LiveClose): Promise<{ address: string; reads: string }[]> {
    const closed = this.ctx.getWebSockets(linkTag(token)).map((socket) => {
      const seated = seatOf(socket);
      this.closeCounted(socket, seated, data, close);
      return { address: seated.address, reads: seated.reads };
    });
    this.forgetWhenEmpty();
    return closed;
  }

  /** Viewers only listen: one that sends anything is closed, and leaves. */
  override async webSocketMessage(socket: WebSocket): Promise<void> {
    const seated = seatOf(socket);
    this.closeCounted(socket, seated, null, WATCH_CLOSES.viewerSpoke);
    await this.left(seated);
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    const seated = seatOf(socket);
    try {
      // Completes the closing handshake the viewer started.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // Closed already.
    }
    if (!seated.gone) await this.left(seated);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    await this.webSocketClose(socket, 1011);
  }

  private relay(seat: { relay: string }) {
    return this.env.TRANSCRIPTION_RELAY.get(this.env.TRANSCRIPTION_RELAY.idFromString(seat.relay));
  }

  private async left(seated: Seated): Promise<void> {
    this.forgetWhenEmpty();
    try {
      await this.relay(seated).shardViewerLeft(seated.shard, seated.address, seated.reads);
    } catch (error) {
      console.error(`[CaptionShard ${this.ctx.id}] a viewer's leaving was not counted`, error);
    }
  }

  /**
   * The last viewer here has gone: an instance started later with no sockets lost no one. Left set,
   * such an instance would tell the relay to forget viewers it has just placed here.
   */
  private forgetWhenEmpty(): void {
    const open = this.ctx.getWebSockets(VIEWER_TAG).filter((socket) => socket.readyState === WebSocket.OPEN);
    if (open.length === 0) this.ctx.storage.kv.delete(HOLDING);
  }

  /** Every viewer this shard held went with its last instance, none of them counted as leaving. */
  private async lost(holding: Holding): Promise<void> {
    try {
      await this.relay(holding).shardEmptied(holding.shard);
      this.ctx.storage.kv.delete(HOLDING);
    } catch (error) {
      // Kept, so the next instance tells the relay again.
      console.error(`[CaptionShard ${this.ctx.id}] the relay was not told its viewers here were lost`, error);
    }
  }

  /** Closes a socket the relay no longer counts, so its close event is not counted again. */
  private closeCounted(socket: WebSocket, seated: Seated, data: string | null, close: LiveClose): void {
    socket.serializeAttachment({ ...seated, gone: true } satisfies Seated);
    if (data === null) socket.close(close.code, close.message);
    else closeWith(socket, data, close);
  }
}

const seatOf = (socket: WebSocket) => socket.deserializeAttachment() as Seated;
