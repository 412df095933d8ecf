import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const stateDir = mkdtempSync(join(tmpdir(), "vox-migrations-state-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

/** What `npm start` runs before wrangler dev, in a state directory of its own. */
function applyMigrations() {
  return spawnSync(
    process.execPath,
    ["--input-type=module", "-e", "(await import('./scripts/local-worker.ts')).applyMigrations()"],
    { env: { ...process.env, VOX_STATE_DIR: stateDir }, encoding: "utf8" },
  );
}

function wrangler(...args: string[]) {
  return spawnSync("node_modules/.bin/wrangler", [...args, "--local", "--persist-to", stateDir], {
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
  });
}

describe("npm start's migrations of local D1", () => {
  it("apply every migration in one batch, recorded where wrangler's own command reads them", () => {
    const first = applyMigrations();
    expect(first.status, first.stderr).toBe(0);
    const migrations = readdirSync("worker/migrations").filter((name) => name.endsWith(".sql"));
    expect(first.stdout).toContain(`Applying ${migrations.length} migration(s)`);

    const listed = wrangler("d1", "migrations", "list", "DB");
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("No migrations to apply");

    const tables = wrangler("d1", "execute", "DB", "--json", "--command", "SELECT name FROM sqlite_master");
    const names = (JSON.parse(tables.stdout) as { results: { name: string }[] }[])[0]?.results.map(({ name }) => name);
    expect(names).toEqual(expect.arrayContaining(["users", "jobs", "workspace_members", "d1_migrations"]));

    const again = applyMigrations();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).not.toContain("Applying");
  });
});
