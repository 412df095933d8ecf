/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";

/**
 * A module's exports are what other modules may rely on, so each export in worker/, site/ and
 * scripts/ is there because another file names it: one nothing names is dead code, or a name its
 * module should keep to itself. A name counts as named when any other source or test file mentions
 * it as a whole word (an import, the string a lazy loader looks a component up by, a comment): a
 * plain reading that stays fast, not a type checker's. Paths are relative to the repository root.
 */
const THIS_FILE = "tests/worker/exports.test.ts";

/**
 * Exports that nothing in the repository names and that stay on purpose, each with why. A key is
 * `path: name`, or `path: *` for every export of a module.
 */
const KEPT: Record<string, string> = {
  "site/src/voice-client/index.ts: *":
    "the voice-client library's entry (`npm run build:sdk`): its exports are its API",
  "site/src/voice-client/voice-api/messages.ts: *":
    "the voice-client library's entry re-exports this module whole (`export *`) as part of its API",
  "site/src/transcripts/transcript-viewer.tsx: TranscriptViewerProps":
    "tsc's declarations for LazyTranscriptViewer name it, and refuse to without the export (TS4023)",
};

const files = Object.entries({
  ...import.meta.glob<string>(["../../worker/**/*.ts", "!../../worker/worker-configuration.d.ts"], {
    query: "?raw",
    import: "default",
    eager: true,
  }),
  ...import.meta.glob<string>("../../site/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../scripts/**/*.ts", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../tests/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("../../*.ts", { query: "?raw", import: "default", eager: true }),
})
  // Vite writes each key relative to this file, `./helpers.ts` for a neighbour.
  .map(([key, source]) => [resolve(key, THIS_FILE) ?? key, source] as const)
  .filter(([path]) => path !== THIS_FILE);

const checked = files.filter(([path]) => /^(?:worker|site|scripts)\//.test(path) && !path.endsWith(".d.ts"));

interface Exported {
  name: string;
  line: number;
  /** The module a re-export passes the name on from, whose own mention of it is no use. */
  from?: string | undefined;
}

interface ReadExports {
  exports: Exported[];
  /** Lines of `export` statements of a form this test does not read. */
  unread: number[];
}

const NAME = "[A-Za-z_$][\\w$]*";
const DECLARATION = new RegExp(
  `^export\\s+(?:declare\\s+)?(?:async\\s+)?(?:abstract\\s+)?(?:function\\s*\\*?|const\\s+enum|const|let|var|class|interface|type|enum|namespace)\\s+(${NAME})`,
);
const LIST = /^export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/;
const STAR = new RegExp(`^export\\s*\\*\\s*(?:as\\s+(${NAME})\\s+)?from\\s*["']([^"']+)["']`);
const DEFAULT = /^export\s+default\b/;
const IMPORT_LIST = /^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm;

/** `a`, `type a`, `a as b` in a list of names: the name as written on each side. */
function listItems(list: string): { local: string; name: string }[] {
  return list
    .split(",")
    .map((item) => item.trim().replace(/^type\s+/, ""))
    .filter((item) => item !== "")
    .map((item) => {
      const [local = item, name = local] = item.split(/\s+as\s+/);
      return { local, name };
    });
}

/** A module specifier as a repository path, for the project's own modules. */
function resolve(specifier: string, from: string): string | undefined {
  if (specifier.startsWith("@worker/")) return `worker/${specifier.slice("@worker/".length)}`;
  if (specifier.startsWith("@contracts/")) return `worker/contracts/${specifier.slice("@contracts/".length)}`;
  if (!specifier.startsWith(".")) return undefined;
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

function exportsOf(path: string, source: string): ReadExports {
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  const imported = new Map<string, string | undefined>();
  for (const match of source.matchAll(IMPORT_LIST)) {
    for (const { name } of listItems(match[1] ?? "")) imported.set(name, resolve(match[2] ?? "", path));
  }
  const read: ReadExports = { exports: [], unread: [] };
  for (const match of source.matchAll(/^export\b/gm)) {
    const line = lineOf(match.index);
    const rest = source.slice(match.index);
    const declaration = DECLARATION.exec(rest);
    const list = LIST.exec(rest);
    const star = STAR.exec(rest);
    if (declaration?.[1]) read.exports.push({ name: declaration[1], line });
    else if (list) {
      const from = list[2] === undefined ? undefined : resolve(list[2], path);
      for (const { local, name } of listItems(list[1] ?? "")) {
        if (name !== "default") read.exports.push({ name, line, from: from ?? imported.get(local) });
      }
    } else if (star) {
      if (star[1]) read.exports.push({ name: star[1], line, from: resolve(star[2] ?? "", path) });
    } else if (!DEFAULT.test(rest)) read.unread.push(line);
  }
  return read;
}

/** Each word of the sources → the files it appears in. */
const mentions = new Map<string, Set<string>>();
function mention(word: string, path: string): void {
  const paths = mentions.get(word) ?? new Set<string>();
  paths.add(path);
  mentions.set(word, paths);
}
for (const [path, source] of files) {
  for (const [word] of source.matchAll(/[A-Za-z_$][\w$]*/g)) mention(word, path);
}
// The Durable Object and Workflow classes the runtime takes from worker/index.ts by these names.
for (const [, className] of wranglerToml.matchAll(/^class_name\s*=\s*"([^"]+)"/gm)) {
  if (className) mention(className, "wrangler.toml");
}

const named = (path: string, { name, from }: Exported) =>
  [...(mentions.get(name) ?? [])].some((other) => other !== path && other !== from);
const kept = (path: string, name: string) => `${path}: ${name}` in KEPT || `${path}: *` in KEPT;

const read = checked.map(([path, source]) => [path, exportsOf(path, source)] as const);
const unnamed = read.flatMap(([path, { exports }]) =>
  exports.filter((exported) => !named(path, exported)).map((exported) => ({ path, ...exported })),
);

describe("exports", () => {
  it("reads the sources of the worker, the site and the scripts", () => {
    expect(checked.map(([path]) => path)).toEqual(
      expect.arrayContaining(["worker/index.ts", "site/src/main.tsx", "site/site-config.ts", "scripts/dev.ts"]),
    );
    expect(files.map(([path]) => path)).toEqual(
      expect.arrayContaining(["tests/worker/helpers.ts", "vitest.config.ts"]),
    );
    expect(files.map(([path]) => path)).not.toContain("worker/worker-configuration.d.ts");
    expect(mentions.get("JobWorkflow")).toContain("wrangler.toml");
  });

  it("reads every form of export", () => {
    const source = [
      'import { a as localA, type B } from "../b.ts";',
      "export const one = 1;",
      "export async function two() {}",
      "export function* three() {}",
      "export abstract class Four {}",
      "export declare const five: number;",
      "export interface Six {}",
      "export type Seven = 7;",
      "export const enum Eight {}",
      "export default function ignored() {}",
      "export { localA, type B };",
      'export type { Nine, ten as Ten } from "./nine.ts";',
      "export {",
      "  eleven,",
      '} from "@worker/eleven.ts";',
      'export * from "./all.ts";',
      'export * as twelve from "./twelve.ts";',
      "export const { thirteen } = fourteen;",
    ].join("\n");
    expect(exportsOf("worker/feature/module.ts", source)).toEqual({
      exports: [
        { name: "one", line: 2 },
        { name: "two", line: 3 },
        { name: "three", line: 4 },
        { name: "Four", line: 5 },
        { name: "five", line: 6 },
        { name: "Six", line: 7 },
        { name: "Seven", line: 8 },
        { name: "Eight", line: 9 },
        { name: "localA", line: 11, from: "worker/b.ts" },
        { name: "B", line: 11, from: "worker/b.ts" },
        { name: "Nine", line: 12, from: "worker/feature/nine.ts" },
        { name: "Ten", line: 12, from: "worker/feature/nine.ts" },
        { name: "eleven", line: 13, from: "worker/eleven.ts" },
        { name: "twelve", line: 17, from: "worker/feature/twelve.ts" },
      ],
      unread: [18],
    });
  });

  it("reads every export statement", () => {
    const unread = read.flatMap(([path, { unread }]) => unread.map((line) => `${path}:${line}`));
    expect(unread, "write these as `export const name = …` or an `export { … }` list").toEqual([]);
  });

  it("exports only what another file names", () => {
    const unused = unnamed
      .filter(({ path, name }) => !kept(path, name))
      .map(({ path, line, name }) => `${path}:${line} ${name}`);
    expect(unused, "export only what another module imports: drop `export`, or delete what nothing uses").toEqual([]);
  });

  it.each(Object.entries(KEPT))("still needs %s, kept as %s", (key) => {
    const [path, name] = key.split(": ");
    expect(
      unnamed.filter((exported) => exported.path === path && (name === "*" || exported.name === name)),
    ).not.toEqual([]);
  });
});
