import { isoIn, randomToken, sha256Hex } from "../../accounts/tokens.ts";
import { API, pathOf } from "../../contracts/api-paths.ts";
import { enforceRateLimit, GRANT_CAPS, GRANT_RATE_LIMITS } from "../../core/rate-limit.ts";
import { deleteMediaGrantsFor, insertMediaGrant } from "./media-grants.ts";

/**
 * Short-lived URLs through which a speech provider fetches one stored recording from R2 (with
 * Range, as the providers read large media in pieces) instead of the Worker re-uploading it, and
 * through which the owner's player streams it instead of downloading it whole first. The
 * URL carries a random capability; D1 keeps only its hash, the key it opens and when it expires.
 * `media-routes.ts` serves them.
 */
/** Long enough for a provider that queues the job before fetching; a grant outlives no deletion. */
const MEDIA_URL_TTL_MS = 2 * 60 * 60 * 1000;
/**
 * A person's player: an <audio> element cannot send the bearer token, so it streams the recording
 * through a media URL too. Long enough to listen to a two-hour recording with pauses; the site asks
 * for a fresh one each time the player is opened.
 */
const PLAYER_URL_TTL_MS = 12 * 60 * 60 * 1000;

interface MediaUrl {
  readonly url: string;
  readonly expires_at: string;
}

async function grantMediaUrl(
  db: D1Database,
  origin: string,
  grant: { r2Key: string; contentType: string; ttlMs: number; userId: string | null; mintedBy?: string | null },
): Promise<MediaUrl> {
  const token = randomToken();
  const expiresAt = isoIn(grant.ttlMs);
  await insertMediaGrant(
    db,
    {
      token_hash: await sha256Hex(token),
      r2_key: grant.r2Key,
      content_type: grant.contentType,
      expires_at: expiresAt,
      user_id: grant.userId,
      minted_by: grant.mintedBy ?? null,
    },
    GRANT_CAPS.playerUrls,
  );
  return { url: `${origin}${pathOf(API.media.path.link, { token })}`, expires_at: expiresAt };
}

/** A provider's URL for one recording. It names no account: signing out does not end a running job. */
export async function signedMediaUrl(
  db: D1Database,
  origin: string,
  r2Key: string,
  contentType: string,
): Promise<string> {
  return (await grantMediaUrl(db, origin, { r2Key, contentType, ttlMs: MEDIA_URL_TTL_MS, userId: null })).url;
}

/**
 * The owner's player URL for one recording: at most `GRANT_RATE_LIMITS.playerUrl` a window, and
 * the account's newest `GRANT_CAPS.playerUrls` stay open. Revoked when the account signs out everywhere.
 */
export async function playerMediaUrl(
  env: Env,
  origin: string,
  userId: string,
  recording: { r2Key: string; contentType: string },
  mintedBy: string | null = null,
): Promise<MediaUrl> {
  await enforceRateLimit(env, "playerUrl", `user:${mintedBy ?? userId}`, GRANT_RATE_LIMITS.playerUrl);
  return grantMediaUrl(env.DB, origin, { ...recording, ttlMs: PLAYER_URL_TTL_MS, userId, mintedBy });
}

/** Deletes a recording and every URL handed out for it. */
export async function deleteMedia(env: Env, r2Key: string): Promise<void> {
  await env.AUDIO.delete(r2Key);
  await deleteMediaGrantsFor(env.DB, r2Key);
}
