import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "acorn";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Node = { type: string; [key: string]: unknown };

/** Syntax newer than ES2017, found by walking the tree (acorn parses a superset to find it). */
function newerThanEs2017(node: Node, found: string[]): string[] {
  switch (node.type) {
    case "ChainExpression":
      found.push("optional chaining ?.");
      break;
    case "LogicalExpression":
      if (node.operator === "??") found.push("nullish coalescing ??");
      break;
    case "ObjectExpression":
      if ((node.properties as Node[]).some((property) => property.type === "SpreadElement"))
        found.push("object spread");
      break;
    case "ObjectPattern":
      if ((node.properties as Node[]).some((property) => property.type === "RestElement")) found.push("object rest");
      break;
    case "ForOfStatement":
      if (node.await) found.push("for await");
      break;
    case "CatchClause":
      if (node.param === null) found.push("optional catch binding");
      break;
    case "ImportExpression": {
      const source = node.source as Node;
      if (source.value !== "@daily-co/daily-js") found.push("import() of something other than the call library");
      break;
    }
    case "Literal":
      if (typeof node.bigint === "string") found.push("BigInt");
      if (node.regex && /s/.test((node.regex as { flags: string }).flags)) found.push("regex dotAll flag");
      break;
  }
  if ((node.type.startsWith("Function") || node.type === "ArrowFunctionExpression") && node.async && node.generator) {
    found.push("async generator");
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === "string") newerThanEs2017(child, found);
    } else if (value && typeof value === "object" && typeof (value as Node).type === "string") {
      newerThanEs2017(value as Node, found);
    }
  }
  return found;
}

let outDir = "";
beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), "voice-client-"));
  // A child process: esbuild cannot run inside jsdom, and this is exactly what `npm run build:sdk` runs.
  const build = spawnSync(process.execPath, ["scripts/build-sdk.ts", outDir], { encoding: "utf8" });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("npm run build:sdk", () => {
  it("writes ES2017 syntax: nothing newer, with the call library as the one lazy import()", () => {
    const code = readFileSync(join(outDir, "index.js"), "utf8");
    // ES2020 only for the parser to accept import(); the walk below refuses everything past ES2017.
    const tree = parse(code, { ecmaVersion: 2020, sourceType: "module" }) as unknown as Node;
    expect(newerThanEs2017(tree, [])).toEqual([]);
    expect(code).toContain('import("@daily-co/daily-js")');
    expect(code).not.toMatch(/^import .*@daily-co\/daily-js/m);
  });

  it("ships type declarations that import the .js files it ships", () => {
    const declarations = readFileSync(join(outDir, "index.d.ts"), "utf8");
    expect(declarations).toContain("VoiceClient");
    expect(declarations).toContain('from "./voice-client.js"');
    expect(declarations).not.toMatch(/from "\.\/[^"]+\.ts"/);
    const manifest = JSON.parse(readFileSync(join(outDir, "package.json"), "utf8"));
    expect(manifest).toMatchObject({ type: "module", types: "./index.d.ts" });
    expect(Object.keys(manifest.peerDependencies)).toEqual(["@daily-co/daily-js", "zod"]);
  });

  it("the walk does catch newer syntax", () => {
    const tree = parse("a?.b; a ?? b; ({ ...a });", { ecmaVersion: 2020 }) as unknown as Node;
    expect(newerThanEs2017(tree, [])).toEqual(["optional chaining ?.", "nullish coalescing ??", "object spread"]);
  });
});
