import useSWR from "swr";
import { fetchMe } from "../api/accounts.ts";
import { storedToken, storeUser, useStoredUser } from "./session.ts";

/**
 * Refreshes `userObj` from `GET /auth/me` (SWR: on load, on focus, on reconnect), so a payment
 * shows at once and a revoked or expired token logs out through the API client's 401 rule.
 */
export default function SessionRefresher() {
  const user = useStoredUser();
  const token = user ? storedToken() : null;
  useSWR(token ? ["/auth/me", token] : null, fetchMe, {
    onSuccess: (response) => storeUser(response.data),
    shouldRetryOnError: false,
  });
  return null;
}
