import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { forgetCardOf } from "../billing/store.ts";
import { moveJobMaker } from "../jobs/store.ts";
import { moveLiveMaker } from "../live/transcripts.ts";
import { copyLanguage } from "../preferences/store.ts";
import { moveGrantMinter } from "../recordings/uploads/media-grants.ts";
import { moveUploadMaker } from "../recordings/uploads/store.ts";
import { moveAudioMaker } from "../speech/store.ts";
import { audit, moveActor } from "../workspaces/audit.ts";
import { formerOwnerStays, isOwnerOf, moveMemberships, ownerMembership, promoteToOwner } from "../workspaces/store.ts";
import { moveKnownDevices } from "./devices.ts";
import { moveDownloadGrants } from "./export/download-grants.ts";
import { moveCodes } from "./one-time-codes.ts";
import { moveResetGrants } from "./reset-grants.ts";
import { moveSessions } from "./sessions.ts";
import { findUserById, movePersonOut, type UserRow } from "./users.ts";

/**
 * Handing the workspace the request acts in to another of its members (docs/workspaces.md
 * "Handing over"). The new owner holds its billing and can delete it; the former owner stays as an
 * admin, and their kept card is forgotten with auto-renew off, so they are never charged again.
 *
 * A workspace's id is the id of the account that signed up with it (decision 023), and its work,
 * plan, billing and files hang on that id. So when a person hands over the workspace they signed
 * up with, the workspace keeps the row and the person moves: a new row takes their address,
 * password, phone and name, and their sessions, devices, codes, language, memberships elsewhere,
 * invitations sent, log entries and the work they made (`created_by`) follow it. They stay signed
 * in, now with an empty workspace of their own, and can delete their account without touching the
 * one they handed over.
 *
 * One batch, whose every write waits on the first (the member made owner while the caller still
 * is): the moves point at the new row, so if the member was not made owner the new row is not
 * written and their foreign keys undo the whole batch. Answers the former owner's row as it is
 * now, or null when the member could not be made owner (removed, or the caller no longer owner).
 */
export async function handOverWorkspace(
  c: Context<AppEnv>,
  member: { user_id: string; email: string },
): Promise<UserRow | null> {
  const db = c.env.DB;
  const { account, user } = c.var;
  const workspaceName = account.organization_name.trim() || account.name;
  const made = isOwnerOf(account.id, member.user_id);
  const signedUpWithIt = account.id === user.id;
  const as = signedUpWithIt ? crypto.randomUUID() : user.id;
  const now = new Date().toISOString();
  const moves = signedUpWithIt
    ? [
        ...movePersonOut(db, user, as, workspaceName, now, made),
        moveSessions(db, user.id, as),
        moveKnownDevices(db, user.id, as),
        ...moveCodes(db, user.id, as),
        moveResetGrants(db, user.id, as),
        moveDownloadGrants(db, user.id, as),
        copyLanguage(db, user.id, as, now),
        ...moveMemberships(db, user.id, as),
        ownerMembership(db, as, now),
        moveActor(db, user.id, as),
        moveJobMaker(db, user.id, as),
        moveUploadMaker(db, user.id, as),
        moveLiveMaker(db, user.id, as),
        moveAudioMaker(db, user.id, as),
        moveGrantMinter(db, user.id, as),
      ]
    : [];
  const statements = [
    promoteToOwner(db, account.id, member.user_id, user.id),
    ...moves,
    formerOwnerStays(db, account.id, user.id, as, made),
    forgetCardOf(db, account.id, made),
    audit(db, account.id, { ...user, id: as }, "owner.handed_over", member.email, made),
  ];
  try {
    const [promoted] = await db.batch(statements);
    if (!promoted?.results.length) return null;
  } catch (error) {
    // The moves' foreign keys refused a new row that was not written: nothing was changed.
    if (error instanceof Error && /FOREIGN KEY/i.test(error.message)) return null;
    throw error;
  }
  return findUserById(db, as);
}
