import { deletePlayerGrantsOf } from "../recordings/uploads/media-grants.ts";
import { deleteDownloadGrantsOf } from "./export/download-grants.ts";

/**
 * Signing out everywhere (a password reset or change) revokes every link the account was handed
 * to open its files without a session, in the same batch as its sessions: whoever stole a session
 * keeps no files link or player URL past the reset. A job's provider URLs are not the account's
 * and stay (`deletePlayerGrantsOf`).
 */
export function revokeGrantsOf(db: D1Database, userId: string): D1PreparedStatement[] {
  return [deleteDownloadGrantsOf(db, userId), deletePlayerGrantsOf(db, userId)];
}
