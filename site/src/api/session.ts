import { WORKSPACE_STORAGE_KEY } from "@worker/workspaces/contracts/workspace-constants.ts";
import { useSyncExternalStore } from "react";

/**
 * The browser storage keys: `id` holds the password-reset grant until the reset succeeds, `amount`
 * the plan price across the payment redirect until it is verified. All are in `localStorage` but
 * `pendingPlan`, a plan chosen while signed out, which lives in this tab's `sessionStorage` until
 * the person can pay.
 */
export const STORAGE_KEYS = {
  token: "token",
  user: "userObj",
  resetGrant: "id",
  amount: "amount",
  language: "vox_language",
  pendingPlan: "vox_pending_plan",
  /** The workspace the person last chose to act in; none is their own. */
  workspace: WORKSPACE_STORAGE_KEY,
} as const;

/** Fired when the server ends the session (401/403); the layout answers by going home. */
export const UNAUTHORIZED_EVENT = "vox:unauthorized";

/** Fired on a 402 (signed in, no active plan); the layout sends the user to /pricing. */
export const PAYMENT_REQUIRED_EVENT = "vox:payment-required";

export interface StoredUser {
  /** The person's own workspace too, which calls without a workspace header act in. */
  readonly id?: string;
  readonly name: string;
  readonly email?: string;
  readonly phone_number?: string;
  readonly organization_name?: string;
  readonly subscription_status?: number;
  readonly plan?: string | null;
  readonly trial_ends_at?: string;
  readonly subscription_expires_at?: string | null;
  readonly email_verified?: boolean;
}

/** Fired when this tab signs in or out, or the stored user changes. */
export const SESSION_CHANGE_EVENT = "vox:session-change";
const CHANGE_EVENT = SESSION_CHANGE_EVENT;

// Storage is user-editable, so anything that is not a user object counts as signed out. A type
// guard, not a schema library, because this runs on every page's first render.
function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== "object" || value === null) return false;
  const { name, email, subscription_status } = value as Record<string, unknown>;
  return (
    typeof name === "string" &&
    (email === undefined || typeof email === "string") &&
    (subscription_status === undefined || typeof subscription_status === "number")
  );
}

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isStoredUser(value) ? value : null;
  } catch {
    return null;
  }
}

let snapshot: { raw: string | null; user: StoredUser | null } = { raw: null, user: null };

function getSnapshot(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw !== snapshot.raw) snapshot = { raw, user: parseUser(raw) };
  return snapshot.user;
}

/**
 * A `useSyncExternalStore` subscription to stored values: another tab's change (`storage`) and this
 * tab's (`changeEvent`, which the storing code dispatches).
 */
export function subscribeToStored(changeEvent: string) {
  return (onChange: () => void): (() => void) => {
    window.addEventListener("storage", onChange);
    window.addEventListener(changeEvent, onChange);
    return () => {
      window.removeEventListener("storage", onChange);
      window.removeEventListener(changeEvent, onChange);
    };
  };
}

const subscribe = subscribeToStored(CHANGE_EVENT);

/** Signed in means a stored user object is present. */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

export function storedToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function storeSession(token: string, user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  storeUser(user);
}

/** Keeps `userObj` in step with the server (refreshed from /auth/me). */
export function storeUser(user: StoredUser): void {
  const raw = JSON.stringify(user);
  if (localStorage.getItem(STORAGE_KEYS.user) === raw) return;
  localStorage.setItem(STORAGE_KEYS.user, raw);
  notify();
}

/** A tool answered `email_unverified`: the stored user was out of date, so tool pages ask for the code. */
export function markEmailUnverified(): void {
  const user = getSnapshot();
  if (user) storeUser({ ...user, email_verified: false });
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  // Whoever signs in next starts in their own workspace.
  localStorage.removeItem(STORAGE_KEYS.workspace);
  notify();
}
