import { z } from "zod";
import { API } from "../worker/contracts/api-paths.ts";

/**
 * The site's settings, validated when the site is built (a bad value fails the build, not a
 * visitor's page) and compiled into the bundle. Nothing here is secret: every value is public.
 */
const optionalUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);

const siteConfigSchema = z
  .object({
    VITE_API_BASE: optionalUrl.default(""),
    VITE_DEMO_VIDEO_URL: optionalUrl.default(""),
    VITE_SHIELD_URL: optionalUrl.default(""),
    VITE_PROVIDER_NAME: z.string().min(1).default("Vox Technologies"),
    VITE_PROVIDER_URL: z.url({ protocol: /^https?$/ }).default("https://vox.ng"),
  })
  .transform((env) => {
    /** Empty means same origin, which is how `npm start` and a Worker-with-assets deploy run. */
    const apiBase = env.VITE_API_BASE.replace(/\/$/, "");
    return {
      apiBase,
      /** An embed URL; empty means the site's own recorded demo (`npm run demo:record`). */
      demoVideoUrl: env.VITE_DEMO_VIDEO_URL,
      /**
       * Without a detector of its own, the site frames the Worker's Shield page: the sandbox stand-in
       * under `npm start`, a "not available" page in production.
       */
      shieldUrl: env.VITE_SHIELD_URL || `${apiBase}${API.shield.path.detector}`,
      shieldFromWorker: env.VITE_SHIELD_URL === "",
      providerName: env.VITE_PROVIDER_NAME,
      providerUrl: env.VITE_PROVIDER_URL,
    };
  });

export type SiteConfig = z.output<typeof siteConfigSchema>;

/** The validated settings; a bad value throws with every problem listed. */
export function parseSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const parsed = siteConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid site configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** `define` entries that compile the validated config into the bundle as `__VOX_CONFIG__`. */
export function siteConfigDefine(env: Record<string, string | undefined>): Record<string, string> {
  return { __VOX_CONFIG__: JSON.stringify(parseSiteConfig(env)) };
}
