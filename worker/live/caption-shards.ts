import { CaptionSeats } from "./caption-seats.ts";
import type { CaptionShard } from "./caption-shard.ts";
import type { LiveClose } from "./contracts/live-closes.ts";
import { type ShardPlacement, shardName } from "./contracts/live-handover.ts";

/**
 * The relay's side of its caption shards: what it sends every shard that seats anyone, and the
 * count of those viewers (`CaptionSeats`).
 */
export class CaptionShards {
  readonly seats: CaptionSeats;
  /** One stub per shard, so what the relay sends a shard arrives in the order it was sent. */
  private readonly stubs = new Map<number, DurableObjectStub<CaptionShard>>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly namespace: DurableObjectNamespace<CaptionShard>,
    private readonly label: string,
  ) {
    this.seats = new CaptionSeats(ctx.storage.sql);
  }

  /** Where the Worker hands a viewer placed on `shard`. */
  placement(shard: number): ShardPlacement {
    return { relay: this.ctx.id.toString(), shard, losses: this.seats.losses(shard) };
  }

  /** Not awaited: a shard that is slow to take a caption holds up neither the relay nor the others. */
  send(data: string, tag?: string): void {
    for (const shard of this.seats.shards()) {
      this.stub(shard)
        .send(data, tag)
        .catch((error: unknown) => console.error(`${this.label} caption shard ${shard} missed a caption`, error));
    }
  }

  /** The session is over: every shard tells its viewers and closes them. */
  async closeAll(data: string, close: LiveClose): Promise<void> {
    await Promise.allSettled(this.seats.shards().map((shard) => this.stub(shard).closeAll(data, close)));
    this.seats.clear();
  }

  /** The owner revoked `token`: its viewers on every shard are told and closed, and no longer counted. */
  async closeLink(token: string, data: string, close: LiveClose): Promise<void> {
    await Promise.all(
      this.seats.shards().map(async (shard) => {
        for (const { address, reads } of await this.stub(shard).closeLink(token, data, close)) {
          this.seats.left(shard, address, reads);
        }
      }),
    );
  }

  private stub(shard: number): DurableObjectStub<CaptionShard> {
    let stub = this.stubs.get(shard);
    if (!stub) {
      stub = this.namespace.getByName(shardName({ relay: this.ctx.id.toString(), shard }));
      this.stubs.set(shard, stub);
    }
    return stub;
  }
}
