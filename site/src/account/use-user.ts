import { API } from "@contracts/api-paths.ts";
import useSWR from "swr";
import { type StoredUser, storedToken, storeUser, useStoredUser } from "../api/session.ts";
import { fetchMe } from "./accounts-api.ts";

/**
 * The signed-in user: the stored `userObj`, refreshed from `GET /auth/me` by SWR on
 * mount, focus and reconnect. A payment shows at once; a revoked or expired token ends the
 * session through the API client's 401 rule.
 */
export function useUser(): StoredUser | null {
  const user = useStoredUser();
  const token = user ? storedToken() : null;
  useSWR(token ? [API.auth.path.me, token] : null, fetchMe, {
    onSuccess: (response) => storeUser(response.data),
    shouldRetryOnError: false,
  });
  return user;
}
