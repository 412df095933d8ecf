// `npm run build:sdk`: the voice client as a standalone ESM library with type declarations.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const sourceDir = join(root, "site/src/voice-client");

/**
 * The call library's own browser minimums: Chrome 61, Firefox 78, Safari 12. ES2017 is
 * what all three parse, so `?.`, `??`, object spread and class fields are lowered.
 */
const SDK_TARGETS = ["es2017", "chrome61", "firefox78", "safari12"];

/** Loaded by the library at call time or imported by the consumer's bundler, never inlined. */
const PEERS = ["@daily-co/daily-js", "zod"];

function dependencyRange(name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const range = manifest.dependencies[name];
  if (!range) throw new Error(`${name} is not a dependency of the project`);
  return range;
}

/** tsc keeps the sources' `./x.ts` specifiers in declarations; the shipped files are `.js`. */
function rewriteDeclarationImports(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) rewriteDeclarationImports(path);
    else if (entry.name.endsWith(".d.ts")) {
      writeFileSync(path, readFileSync(path, "utf8").replace(/(from\s+["']\.{1,2}\/[^"']+)\.ts(["'])/g, "$1.js$2"));
    }
  }
}

async function buildSdk(outDir = join(root, "dist/voice-client")): Promise<string> {
  const out = resolve(outDir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(sourceDir, "index.ts")],
    outfile: join(out, "index.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: SDK_TARGETS,
    external: PEERS,
    supported: {
      // esbuild refuses any destructuring for Safari before 14 over a WebKit edge case it cannot
      // lower; Safari 12 runs the plain ES2017 destructuring this code and partysocket use.
      destructuring: true,
      // The call library must stay a separate, lazily loaded module. The consumer's bundler turns
      // this one `import()` into its own chunk loading; only unbundled use needs Chrome 63+.
      "dynamic-import": true,
    },
    sourcemap: true,
    logLevel: "warning",
  });
  const tsc = spawnSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", join(sourceDir, "tsconfig.sdk.json"), "--outDir", out],
    { stdio: "inherit" },
  );
  if (tsc.status !== 0) throw new Error(`tsc failed to write the declarations (exit ${tsc.status})`);
  rewriteDeclarationImports(out);
  writeFileSync(
    join(out, "package.json"),
    `${JSON.stringify(
      {
        name: "@vox/voice-client",
        version: "0.1.0",
        type: "module",
        module: "./index.js",
        types: "./index.d.ts",
        exports: { ".": { types: "./index.d.ts", import: "./index.js" } },
        sideEffects: false,
        peerDependencies: Object.fromEntries(PEERS.map((name) => [name, dependencyRange(name)])),
      },
      null,
      2,
    )}\n`,
  );
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildSdk(process.argv[2]);
  console.log(`voice client written to ${out}`);
}
