import { PAGE_PATHS } from "@contracts/page-paths.ts";

export const PATHS = {
  home: "/",
  about: "/about",
  solutions: "/solutions",
  pricing: "/pricing",
  settings: "/settings",
  watchDemo: "/watch-demo",
  voxSpeaks: "/vox-speaks",
  voxSentiment: "/vox-sentiment",
  voxScribe: "/voxscribe",
  voxRelease: "/voxrelease",
  voxOver: "/voxover",
  voxShield: "/vox-shield",
  developers: "/developers",
  privacy: "/privacy",
  terms: "/terms",
  /** A caption link's page, `/watch/<token>`: one pre-rendered page for every link. */
  watch: PAGE_PATHS.watch,
  /** An invitation's page, `/join?token=<token>`, which a new person comes back to after signing up. */
  join: PAGE_PATHS.join,
} as const;
