import { SUBSCRIPTION_STATUS, type User } from "./contracts/auth.ts";

export interface UserRow {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  organization_name: string;
  password_hash: string;
  trial_ends_at: string;
  plan: string | null;
  subscription_expires_at: string | null;
  email_verified_at: string | null;
  created_at: string;
}

/** Subscription state is computed from dates on every read, so nothing goes stale. */
export function subscriptionStatus(row: UserRow, now = Date.now()): User["subscription_status"] {
  if (row.subscription_expires_at && Date.parse(row.subscription_expires_at) > now) return SUBSCRIPTION_STATUS.paid;
  if (Date.parse(row.trial_ends_at) > now) return SUBSCRIPTION_STATUS.trial;
  return SUBSCRIPTION_STATUS.none;
}

/** The user object the site stores as `userObj`; never includes the password hash. */
export function publicUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    organization_name: row.organization_name,
    subscription_status: subscriptionStatus(row),
    plan: row.plan,
    trial_ends_at: row.trial_ends_at,
    subscription_expires_at: row.subscription_expires_at,
    email_verified: row.email_verified_at !== null,
  };
}

export type NewUser = Pick<
  UserRow,
  "id" | "name" | "email" | "phone_number" | "organization_name" | "password_hash" | "trial_ends_at" | "created_at"
>;

/** Inserts the user and answers its row, or null when the e-mail already has an account. */
export function insertUser(db: D1Database, user: NewUser): Promise<UserRow | null> {
  return db
    .prepare(
      `INSERT INTO users (id, name, email, phone_number, organization_name, password_hash, trial_ends_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING *`,
    )
    .bind(
      user.id,
      user.name,
      user.email,
      user.phone_number,
      user.organization_name,
      user.password_hash,
      user.trial_ends_at,
      user.created_at,
    )
    .first<UserRow>();
}

/** Records the proven address once; the trial is pushed out to `trialEndsAt` unless it already ends later. */
export async function markEmailVerified(
  db: D1Database,
  id: string,
  verifiedAt: string,
  trialEndsAt: string,
): Promise<void> {
  await db
    .prepare(
      "UPDATE users SET email_verified_at = ?, trial_ends_at = max(trial_ends_at, ?) WHERE id = ? AND email_verified_at IS NULL",
    )
    .bind(verifiedAt, trialEndsAt, id)
    .run();
}

/** A statement, so the caller can end sessions in the same batch. */
export function setPasswordHash(db: D1Database, id: string, passwordHash: string): D1PreparedStatement {
  return db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(passwordHash, id);
}

export function findUserByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE email = ?").bind(email).first<UserRow>();
}

export function findUserById(db: D1Database, id: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRow>();
}

/** Deletes the user; every row that belongs to it goes too, by the tables' foreign keys. */
export function deleteUser(db: D1Database, id: string): D1PreparedStatement {
  return db.prepare("DELETE FROM users WHERE id = ?").bind(id);
}
