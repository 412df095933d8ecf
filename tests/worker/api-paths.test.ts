/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { API, PAGE_PATHS, pathOf } from "../../worker/contracts/api-paths.ts";
import { SANDBOX_PATH } from "../../worker/core/config.ts";

/**
 * The Worker's routers and the site's API calls take their paths from one table
 * (`worker/contracts/api-paths.ts`), so a path is written once and both sides change together.
 * The sources are read as text when the test is built.
 */
const sources: Record<string, string> = {
  ...import.meta.glob<string>(["../../worker/**/*.ts", "!../../worker/worker-configuration.d.ts"], {
    query: "?raw",
    import: "default",
    eager: true,
  }),
  ...import.meta.glob<string>("../../site/src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
};
const TABLES = ["../../worker/contracts/api-paths.ts", "../../worker/contracts/page-paths.ts"];

/** Comments and string or template literals, scanned left to right so neither hides inside the other. */
const TOKEN = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;

/** The first segment of every path in the table: `/api`, `/auth`, `/processpay`, `/watch`. */
const ROOTS = [...new Set([...Object.values(API).map((router) => router.mount), ...Object.values(PAGE_PATHS)])].map(
  (path) => path.split("/")[1],
);
const TABLE_PATH = new RegExp(`^[\`"']/(?:${ROOTS.join("|")})(?=$|[/?\`"'$])`);

/** Literals in `source` that spell out a path the table holds, with their line numbers. */
function pathLiterals(source: string): string[] {
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  return [...source.matchAll(TOKEN)]
    .filter((match) => TABLE_PATH.test(match[0]))
    .map((match) => `${lineOf(match.index)}: ${match[0].split("\n")[0]}`);
}

describe("the table of API paths", () => {
  it("reads the Worker, the relay and the site", () => {
    const files = Object.keys(sources);
    for (const file of [
      "worker/app.ts",
      "worker/accounts/auth-routes.ts",
      "site/src/account/accounts-api.ts",
      "site/src/paths.ts",
    ]) {
      expect(files).toContain(`../../${file}`);
    }
    expect(files).not.toContain("../../worker/worker-configuration.d.ts");
  });

  it("finds a path literal wherever code would write one, and not in comments or other pages", () => {
    const source = [
      'apiRequest("/auth/me", { schema });',
      `const share = \`/api/live/sessions/\${id}/share\`;`,
      "app.route('/processpay', processPay);",
      "// GET /api/health, or `/api/health` in a comment",
      "/** `/watch/<token>` */",
      'const demo = "/watch-demo";',
      'const url = "https://example.com/api/x";',
      'const page = "/watch";',
    ].join("\n");
    expect(pathLiterals(source)).toEqual([
      '1: "/auth/me"',
      `2: \`/api/live/sessions/\${id}/share\``,
      "3: '/processpay'",
      '8: "/watch"',
    ]);
  });

  it.each(Object.entries(sources).filter(([file]) => !TABLES.includes(file)))(
    "%s writes no path of the table itself",
    (_file, source) => {
      expect(pathLiterals(source)).toEqual([]);
    },
  );

  it("holds every path once", () => {
    const paths = [
      ...Object.values(API).flatMap((router) => Object.values(router.path) as string[]),
      ...Object.values(PAGE_PATHS),
    ];
    const mounts = new Set<string>(Object.values(API).map((router) => router.mount));
    // A router's root may be another's mount point (`/api/live` is the speaker's socket and a mount).
    const leaves = paths.filter((path, index) => paths.indexOf(path) !== index && !mounts.has(path));
    expect(leaves).toEqual([]);
  });

  // Hono lists what the app serves; middleware (`use`) is listed under ALL, and the tus CORS
  // preflight under `/api/uploads/*`.
  const served = new Set(
    app.routes
      .filter((route) => route.method !== "ALL" && route.method !== "OPTIONS" && !route.path.startsWith(SANDBOX_PATH))
      .map((route) => route.path),
  );
  const tabled = new Set(Object.values(API).flatMap((router) => Object.values(router.path) as string[]));

  it("holds every path the Worker serves", () => {
    expect([...served].filter((path) => !tabled.has(path)).sort()).toEqual([]);
  });

  it("holds no path the Worker does not serve", () => {
    expect([...tabled].filter((path) => !served.has(path)).sort()).toEqual([]);
  });

  it("fills a path's parameters, encoded", () => {
    expect(pathOf(API.live.path.sessionShare, { session_id: "a b" })).toBe("/api/live/sessions/a%20b/share");
    expect(pathOf(API.downloads.path.part, { token: "t", part: "2" })).toBe("/api/downloads/t/2");
    expect(API.auth.path.me).toBe("/auth/me");
    expect(API.tts.path.speak).toBe("/api/tts");
  });
});
