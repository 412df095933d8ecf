import { z } from "zod";
import { LANGUAGES } from "../../contracts/languages.ts";

/** A caption viewer, through a working link the Worker has checked. */
const watchRequest = z.object({
  kind: z.literal("watch"),
  sessionId: z.uuid(),
  token: z.string().min(1),
  after: z.number().int().min(0),
  /** The viewer's address (IPv6 by its /64), so one network cannot take the places kept for others. */
  address: z.string().min(1).max(64),
  /** The language the viewer reads the captions in; the session's own when absent. */
  language: z.enum(LANGUAGES).optional(),
  /** Where the link was opened, for a finished session whose relay no longer knows its own. */
  origin: z.url(),
  /**
   * The link was made before its session: the places its owner's plan gives, for viewers who wait
   * for the speaker to start.
   */
  waiting: z.object({ cap: z.number().int().positive() }).optional(),
});

/**
 * What the Worker tells a session's relay when it hands over an upgrade: a new session, a resume,
 * or a caption viewer. It travels in a header, so the relay reads it against this schema rather
 * than trusting its shape.
 */
export const relayRequest = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("open"),
    /** Spent in the relay, beside the session, so opening costs the Worker one trip to the object. */
    ticket: z.string().min(1),
    sessionId: z.uuid(),
    /** The id is the one a waiting caption link reserved, as the page said: the ticket must carry it. */
    reserved: z.boolean(),
    resumeToken: z.string().min(1),
    origin: z.url(),
    /** Sandbox-only emulator flags, passed through for tests. */
    extraQuery: z.string(),
  }),
  z.object({
    kind: z.literal("resume"),
    resumeToken: z.string().min(1),
    /** The last final `seq` the page has. */
    after: z.number().int().min(0),
    /** The page's audio starts a new container (a reloaded page), so the provider needs a new stream. */
    fresh: z.boolean(),
  }),
  watchRequest,
]);
export type RelayRequest = z.infer<typeof relayRequest>;

/**
 * The relay's answer when its own places are taken: the viewer is seated on this shard of the
 * audience (`CaptionShard`), which the Worker hands the upgrade to.
 */
export const shardPlacement = z.object({
  relay: z.string().regex(/^[0-9a-f]{64}$/),
  shard: z.number().int().positive(),
  /**
   * How many times the shard had reported its viewers lost when this viewer was placed: a report
   * that comes after the placement, but before the shard seats it, takes this viewer with it.
   */
  losses: z.number().int().min(0),
});
export type ShardPlacement = z.infer<typeof shardPlacement>;

/** A shard's object name: the relay's id and its number, so each session has shards of its own. */
export const shardName = ({ relay, shard }: Pick<ShardPlacement, "relay" | "shard">) => `${relay}:${shard}`;

/** What the Worker tells a shard: the viewer, already admitted by the relay, and where it was placed. */
export const shardSeat = watchRequest.extend(shardPlacement.shape);
export type ShardSeat = z.infer<typeof shardSeat>;
