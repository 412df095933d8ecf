/**
 * The site's pages the Worker also answers or links to: part of the path table (api-paths.ts
 * re-exports it), kept apart because the shell, and so every page's first load, needs only these.
 */
export const PAGE_PATHS = {
  /** A caption link's page, `/watch/<token>`: one pre-rendered page for every link. */
  watch: "/watch",
  /** An invitation's page, `/join?token=<token>`: the mailed link, which a new person returns to after signing up. */
  join: "/join",
} as const;
