/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * Routes say what a request does; the SQL for a table lives in that table's store module, so a
 * query is written once and every caller gets the same typed rows. A feature's routes sit in its
 * folder as `*-routes.ts`. The sources are read as text when the test is built.
 */
const routes = import.meta.glob<string>("../../worker/**/*-routes.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Calls that hand SQL to D1 (or to a Durable Object's SQLite). */
const SQL_CALL = /\.prepare\s*\(|\b(?:DB|db|sql)\s*\.\s*exec\s*\(/g;
/** String and template literals, so a statement split over lines is seen whole. */
const LITERAL = /`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
const SQL_STATEMENT = /\b(?:SELECT\s|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b)/;

function sqlIn(source: string): string[] {
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  const calls = [...source.matchAll(SQL_CALL)].map((match) => `${lineOf(match.index)}: ${match[0]}`);
  const statements = [...source.matchAll(LITERAL)]
    .filter((match) => SQL_STATEMENT.test(match[0]))
    .map((match) => `${lineOf(match.index)}: ${match[0].split("\n")[0]}`);
  return [...calls, ...statements];
}

describe("routes", () => {
  it("reads every route module", () => {
    expect(Object.keys(routes).map((path) => path.split("/").at(-1))).toEqual(
      expect.arrayContaining([
        "auth-routes.ts",
        "audio-routes.ts",
        "contact-routes.ts",
        "health-routes.ts",
        "tts-routes.ts",
      ]),
    );
  });

  it("finds SQL wherever a route would hide it", () => {
    const source = [
      'await c.env.DB.prepare("SELECT 1").first();',
      "const list = `SELECT id",
      "  FROM audio_items WHERE user_id = ?`;",
      "await db.exec('DELETE FROM sessions');",
    ].join("\n");
    expect(sqlIn(source)).toEqual([
      "1: .prepare(",
      "4: db.exec(",
      '1: "SELECT 1"',
      "2: `SELECT id",
      "4: 'DELETE FROM sessions'",
    ]);
  });

  it.each(Object.entries(routes))("%s holds no SQL", (_path, source) => {
    expect(sqlIn(source)).toEqual([]);
  });

  // A service two routes share lives below the routes, so no route imports another.
  it.each(Object.entries(routes))("%s imports no other route", (_path, source) => {
    expect(source.match(/from\s+["'][^"']*-routes\.ts["']/g) ?? []).toEqual([]);
  });
});
