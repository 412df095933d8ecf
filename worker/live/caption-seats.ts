/**
 * The relay's count of the viewers its caption shards seat, kept in the relay's own SQLite storage
 * so an evicted relay still knows them: per shard, address and language read. The relay seats the
 * first viewers itself and counts those by their sockets' tags; this ledger is for the others, so
 * the plan's places, the places kept for other addresses and the languages to translate into are
 * decided over the whole audience in one place.
 */
export class CaptionSeats {
  /** Whether this instance has made the table, so the captions' hot path asks SQLite nothing more. */
  private made = false;

  constructor(private readonly storage: SqlStorage) {}

  private get sql(): SqlStorage {
    if (!this.made) this.make();
    return this.storage;
  }

  /**
   * Makes the table where it is missing. A leave makes it again: an account's erasure deletes the
   * relay's whole storage while a shard may still report a viewer leaving; nothing else comes after.
   */
  private make(): SqlStorage {
    this.storage.exec(`CREATE TABLE IF NOT EXISTS caption_seats (
      shard INTEGER NOT NULL,
      address TEXT NOT NULL,
      reads TEXT NOT NULL,
      seats INTEGER NOT NULL,
      PRIMARY KEY (shard, address, reads)
    )`);
    this.storage.exec(`CREATE TABLE IF NOT EXISTS caption_shard_losses (
      shard INTEGER PRIMARY KEY,
      losses INTEGER NOT NULL
    )`);
    this.made = true;
    return this.storage;
  }

  /** Viewers seated on shards. */
  total(): number {
    return this.count("SELECT COALESCE(SUM(seats), 0) AS n FROM caption_seats");
  }

  /** Viewers from `address` seated on shards. */
  atAddress(address: string): number {
    return this.count("SELECT COALESCE(SUM(seats), 0) AS n FROM caption_seats WHERE address = ?", address);
  }

  /** Viewers on shards who read `reads` (a language, or as spoken). */
  reading(reads: string): number {
    return this.count("SELECT COALESCE(SUM(seats), 0) AS n FROM caption_seats WHERE reads = ?", reads);
  }

  /** The shards that seat anyone, which every caption goes to. */
  shards(): number[] {
    return this.sql
      .exec<{ shard: number }>("SELECT shard FROM caption_seats GROUP BY shard HAVING SUM(seats) > 0 ORDER BY shard")
      .toArray()
      .map(({ shard }) => shard);
  }

  /** Seats a viewer on the first shard with fewer than `perShard` viewers, numbered from 1. */
  place(address: string, reads: string, perShard: number): number {
    const full = new Set(
      this.sql
        .exec<{ shard: number }>(
          "SELECT shard FROM caption_seats GROUP BY shard HAVING SUM(seats) >= ? ORDER BY shard",
          perShard,
        )
        .toArray()
        .map(({ shard }) => shard),
    );
    let shard = 1;
    while (full.has(shard)) shard++;
    this.addSeat(shard, address, reads);
    return shard;
  }

  private addSeat(shard: number, address: string, reads: string): void {
    this.sql.exec(
      `INSERT INTO caption_seats (shard, address, reads, seats) VALUES (?, ?, ?, 1)
       ON CONFLICT (shard, address, reads) DO UPDATE SET seats = seats + 1`,
      shard,
      address,
      reads,
    );
  }

  /** A shard's viewer left. */
  left(shard: number, address: string, reads: string): void {
    const sql = this.make();
    sql.exec(
      "UPDATE caption_seats SET seats = MAX(seats - 1, 0) WHERE shard = ? AND address = ? AND reads = ?",
      shard,
      address,
      reads,
    );
    sql.exec("DELETE FROM caption_seats WHERE seats = 0");
  }

  /** How many times shard `shard` has reported its viewers lost. */
  losses(shard: number): number {
    return this.sql
      .exec<{ n: number }>("SELECT COALESCE((SELECT losses FROM caption_shard_losses WHERE shard = ?), 0) AS n", shard)
      .one().n;
  }

  /** Shard `shard` holds no one any more. Made again where an erasure deleted it, as a leave is. */
  emptied(shard: number): void {
    const sql = this.make();
    sql.exec("DELETE FROM caption_seats WHERE shard = ?", shard);
    sql.exec(
      `INSERT INTO caption_shard_losses (shard, losses) VALUES (?, 1)
       ON CONFLICT (shard) DO UPDATE SET losses = losses + 1`,
      shard,
    );
  }

  /**
   * A viewer placed on shard `shard` after `losses` reports is seated there. A report made since
   * the placement took its seat with the viewers who were lost, so it is counted again.
   */
  seated(shard: number, address: string, reads: string, losses: number): void {
    if (this.losses(shard) > losses) this.addSeat(shard, address, reads);
  }

  /**
   * A viewer placed on shard `shard` after `losses` reports was never seated there. A report made
   * since the placement has freed its place already; freeing it again would free another viewer's.
   */
  notSeated(shard: number, address: string, reads: string, losses: number): void {
    if (this.losses(shard) === losses) this.left(shard, address, reads);
  }

  /** The session ended: its shards have closed every viewer. */
  clear(): void {
    const sql = this.make();
    sql.exec("DELETE FROM caption_seats");
    sql.exec("DELETE FROM caption_shard_losses");
  }

  private count(query: string, ...bindings: string[]): number {
    return this.sql.exec<{ n: number }>(query, ...bindings).one().n;
  }
}
