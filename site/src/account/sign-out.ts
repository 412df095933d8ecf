import { clearSession, storedToken } from "../api/session.ts";

/**
 * Logout: the stored token and user go at once; the server revokes the session in the
 * background, so a copied token stops working too. The API code loads only when needed.
 */
export function signOut(): void {
  const token = storedToken();
  clearSession();
  if (!token) return;
  import("./accounts-api.ts")
    .then(({ logout }) => logout(token))
    .catch(() => {
      // An already-ended session needs no revoking; nothing to tell the user.
    });
}
