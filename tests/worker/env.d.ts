import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

/** A recorded WebM fixture as a base64 data URL (Vite's `?inline`; a plain import gives its URL). */
declare module "*.webm?inline" {
  const dataUrl: string;
  export default dataUrl;
}
