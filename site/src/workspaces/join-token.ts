import { PAGE_PATHS } from "@contracts/page-paths.ts";

/**
 * An invitation's token, kept in this tab's sessionStorage from the moment its link is opened until
 * it is accepted: a person who signs up or logs in first comes back to `/join` with it.
 */
const JOIN_TOKEN_KEY = "vox_join_token";

export function keepJoinToken(token: string): void {
  sessionStorage.setItem(JOIN_TOKEN_KEY, token);
}

export function keptJoinToken(): string | null {
  return sessionStorage.getItem(JOIN_TOKEN_KEY) || null;
}

export function forgetJoinToken(): void {
  sessionStorage.removeItem(JOIN_TOKEN_KEY);
}

/** The invitation page for `token`, as the e-mail links it. */
export const joinPath = (token: string) => `${PAGE_PATHS.join}?token=${encodeURIComponent(token)}`;

/** Where someone who logs in goes back to: the invitation they opened, if one is waiting. */
export function pendingJoinPath(): string | null {
  const token = keptJoinToken();
  return token ? joinPath(token) : null;
}
