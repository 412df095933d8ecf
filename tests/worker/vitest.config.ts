import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

export default defineProject({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: root("wrangler.toml") },
      miniflare: {
        // Tests run as local development does: sandbox providers, no real keys. Accounts get the
        // cheap test hash (password.test.ts times production's), which production refuses.
        bindings: {
          ENVIRONMENT: "development",
          SANDBOX: "1",
          PASSWORD_HASH_COST: "test",
          // Invoices print it; production sets its own (README's configuration table).
          INVOICE_TAX_ID: "12345678-0001",
          TEST_MIGRATIONS: await readD1Migrations(root("worker/migrations")),
          // One caption viewer per object, so every viewer after a session's first is on a caption
          // shard and every caption test holds the shards (tests/worker/live-caption-shards.test.ts).
          CAPTION_SEATS_PER_OBJECT: "1",
        },
      },
    })),
  ],
  // Tests run the development build, emulators included (production builds alias this away).
  resolve: { alias: { "@vox/sandbox": root("worker/sandbox/index.ts") } },
  test: {
    // Paths below are relative to the repository root, however vitest is started.
    root: fileURLToPath(new URL("../..", import.meta.url)),
    name: "worker",
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["tests/worker/apply-migrations.ts"],
    // The machine running the suite is often shared, and `npm test` runs these files at a lower
    // priority than the browser files beside them (scripts/test-suite.ts): a wait sized for a quiet
    // machine would fail a correct build while a throttled browser file has both cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` gives up after 1 s unless told otherwise: a wait sized for the same busy machine.
    expect: { poll: { timeout: 30_000 } },
    // Two files at a time: a worker test file mostly waits on workerd, a process of its own. Set
    // here, as a project does not take the root config's value: eight files took 169 s one at a
    // time and 106 s two at a time, back to back on this 2-core machine.
    maxWorkers: 2,
    // Each file in a fresh pool worker started a workerd of its own and loaded the Worker again:
    // ~6 s a file, 278 s for the project against 103 s with two workers kept for all files. Files
    // then share each worker's D1 and R2, so a test reads its own rows and keys, never counts of all.
    isolate: false,
  },
});
