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
/**
 * True while account `param` (a bound parameter, such as `?2`) exists: a write that must not
 * outlive an erasure checks it in the same statement, so it either lands before the account goes
 * (and goes with it) or not at all.
 */
export const accountExists = (param: string) => `EXISTS (SELECT 1 FROM users WHERE id = ${param})`;

/** The plan of account `id` (a SQL expression), for a statement on another table. */
export const planOf = (id: string) => `(SELECT plan FROM users WHERE id = ${id})`;

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

type NewUser = Pick<
  UserRow,
  "id" | "name" | "email" | "phone_number" | "organization_name" | "password_hash" | "trial_ends_at" | "created_at"
>;

/**
 * Inserts the user and answers its row, or null when the e-mail already has an account; `also`
 * rides in the same batch (the owner's membership of the workspace the account is).
 */
export async function insertUser(
  db: D1Database,
  user: NewUser,
  also: readonly D1PreparedStatement[] = [],
): Promise<UserRow | null> {
  const [inserted] = await db.batch([
    db
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
      ),
    ...also,
  ]);
  return (inserted?.results[0] as UserRow | undefined) ?? null;
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

/** Changes what is given of the user's name, phone and organisation; answers the row as it is now. */
export function updateProfile(
  db: D1Database,
  id: string,
  profile: { name?: string; phone_number?: string; organization_name?: string },
): Promise<UserRow | null> {
  return db
    .prepare(
      `UPDATE users SET name = COALESCE(?, name), phone_number = COALESCE(?, phone_number),
         organization_name = COALESCE(?, organization_name)
       WHERE id = ? RETURNING *`,
    )
    .bind(profile.name ?? null, profile.phone_number ?? null, profile.organization_name ?? null, id)
    .first<UserRow>();
}

/** The person signing in, resetting or signing up under `email`; a workspace handed over is no one's login. */
export function findUserByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return db.prepare(`SELECT * FROM users WHERE email = ? AND ${HOLDS_A_PERSON}`).bind(email).first<UserRow>();
}

/**
 * A workspace handed over keeps its row (the work, the plan and the billing hang on its id), but
 * the person who signed up with it has moved to a row of their own: what is left holds no one's
 * address, password or phone. Its `email` is unique and required, so it is an address of the
 * reserved `.invalid` domain that no one can receive mail at or sign up with.
 */
const HOLDER_PASSWORD_HASH = "";
const HOLDS_A_PERSON = `password_hash != '${HOLDER_PASSWORD_HASH}'`;
const holderEmail = (id: string) => `${id}@workspace.invalid`;

/**
 * The billing address of account `account` (a SQL expression naming a column of the statement's
 * own `users`, as inner tables here are aliased): its owner's, who may be someone
 * other than the person who signed up with it once it was handed over; else its own.
 */
export const billingEmailOf = (account: string) =>
  `coalesce((SELECT owner.email FROM workspace_members m JOIN users owner ON owner.id = m.user_id
     WHERE m.workspace_id = ${account} AND m.role = 'owner'), (SELECT own.email FROM users own WHERE own.id = ${account}))`;

/**
 * Handing over the workspace `person` signed up with: the person moves to a new row `to` (with
 * their address, password, phone and name, and no plan or free days of their own), and the row
 * `person.id` stays the workspace's, named as its members see it. Both only `when` (a SQL
 * condition: the new owner was made in the same batch), so the moves that follow, which point at
 * `to`, break its foreign key and undo the batch otherwise.
 */
export function movePersonOut(
  db: D1Database,
  person: UserRow,
  to: string,
  workspaceName: string,
  now: string,
  when: string,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE users SET name = ?2, email = ?3, phone_number = '', password_hash = '${HOLDER_PASSWORD_HASH}'
         WHERE id = ?1 AND ${when}`,
      )
      .bind(person.id, workspaceName, holderEmail(person.id)),
    db
      .prepare(
        `INSERT INTO users (id, name, email, phone_number, organization_name, password_hash, trial_ends_at,
           email_verified_at, created_at)
         SELECT ?1, ?2, ?3, ?4, '', ?5, ?6, ?7, ?8 WHERE ${when}`,
      )
      .bind(
        to,
        person.name,
        person.email,
        person.phone_number,
        person.password_hash,
        now,
        person.email_verified_at,
        person.created_at,
      ),
  ];
}

export function findUserById(db: D1Database, id: string): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRow>();
}

/** Deletes the user; every row that belongs to it goes too, by the tables' foreign keys. */
export function deleteUser(db: D1Database, id: string): D1PreparedStatement {
  return db.prepare("DELETE FROM users WHERE id = ?").bind(id);
}

/** The user whose id the SQL expression `owner` gives (over the caller's bound parameters), unbound. */
export function userNamedBy(db: D1Database, owner: string): D1PreparedStatement {
  return db.prepare(`SELECT * FROM users WHERE id = ${owner}`);
}

/**
 * Extends the plan of the account the SQL expression `owner` gives (see `fulfilment` in
 * payments/orders.ts for the rules and the parameters ?1 to ?4 and ?7 it binds), unbound.
 */
export function extendPlanOf(db: D1Database, owner: string): D1PreparedStatement {
  return db.prepare(
    `UPDATE users SET
       plan = CASE WHEN subscription_expires_at > ?1 AND plan IN (SELECT value FROM json_each(?2)) THEN plan ELSE ?3 END,
       subscription_expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', max(coalesce(?7, subscription_expires_at, ''), ?1), ?4),
       email_verified_at = coalesce(email_verified_at, ?1)
     WHERE id = ${owner}`,
  );
}

/** Keeps the account's tools open until its subscription's grace period ends, if it is in one. */
export function holdThroughGrace(db: D1Database, userId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET subscription_expires_at = max(coalesce(subscription_expires_at, ''),
         (SELECT grace_until FROM subscriptions WHERE user_id = ?1 AND state = 'grace'))
       WHERE id = ?1 AND EXISTS (SELECT 1 FROM subscriptions WHERE user_id = ?1 AND state = 'grace')`,
    )
    .bind(userId);
}

/**
 * Ends, at `endedAt` at the latest, the plan and free days of every account whose subscription
 * meets `lapsing` (a condition on `subscriptions` over `?1`, the billing clock); answers them.
 */
export function endPlansOf(db: D1Database, lapsing: string, billingNow: string, endedAt: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET subscription_expires_at = min(subscription_expires_at, ?2), trial_ends_at = min(trial_ends_at, ?2)
       WHERE id IN (SELECT user_id FROM subscriptions WHERE ${lapsing}) RETURNING id, ${billingEmailOf("users.id")} AS email`,
    )
    .bind(billingNow, endedAt);
}
