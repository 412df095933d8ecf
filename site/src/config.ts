import type { SiteConfig } from "../site-config.ts";

declare const __VOX_CONFIG__: SiteConfig;

/** Validated at build time by site-config.ts; see README "Configuration". */
export const config: SiteConfig = __VOX_CONFIG__;
