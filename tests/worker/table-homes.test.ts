/// <reference types="vite/client" />
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

/**
 * Every D1 table has one home module, and only that module writes SQL naming the table, so a
 * table's queries are found in one place and whatever composes several tables (erasure, the data
 * export, the tool gate, the billing summary) calls the homes' functions. Paths are relative to the
 * repository root; when a module moves, its path moves here.
 */
const HOMES: Record<string, string> = {
  users: "worker/accounts/users.ts",
  sessions: "worker/accounts/sessions.ts",
  known_devices: "worker/accounts/devices.ts",
  email_verification_codes: "worker/accounts/one-time-codes.ts",
  password_reset_codes: "worker/accounts/one-time-codes.ts",
  otp_failures: "worker/accounts/one-time-codes.ts",
  password_reset_grants: "worker/accounts/reset-grants.ts",
  tool_usage: "worker/billing/tool-gate.ts",
  audio_items: "worker/speech/store.ts",
  jobs: "worker/jobs/store.ts",
  press_release_regenerations: "worker/press-releases/regenerations.ts",
  press_release_sources: "worker/press-releases/regenerations.ts",
  press_release_versions: "worker/press-releases/release-versions.ts",
  release_coverage: "worker/press-releases/coverage.ts",
  release_attachments: "worker/press-releases/attachments.ts",
  release_audio_clips: "worker/press-releases/attachments.ts",
  release_image_renditions: "worker/press-releases/attachments.ts",
  caption_shares: "worker/live/caption-shares.ts",
  caption_reservations: "worker/live/caption-shares.ts",
  live_caption_translations: "worker/live/caption-translation.ts",
  live_tickets: "worker/live/tickets.ts",
  live_sessions: "worker/live/transcripts.ts",
  live_segments: "worker/live/transcripts.ts",
  live_usage: "worker/live/usage.ts",
  organisations: "worker/organisation/store.ts",
  sending_domains: "worker/organisation/store.ts",
  contacts: "worker/contacts/store.ts",
  contact_suppressions: "worker/contacts/store.ts",
  release_sends: "worker/distribution/store.ts",
  release_recipients: "worker/distribution/store.ts",
  release_email_usage: "worker/distribution/store.ts",
  newsroom_releases: "worker/newsroom/publications.ts",
  sweep_positions: "worker/core/orphan-sweep.ts",
  orders: "worker/billing/orders.ts",
  subscriptions: "worker/billing/store.ts",
  invoices: "worker/billing/invoices.ts",
  invoice_sequences: "worker/billing/invoices.ts",
  sandbox_billing_clock: "worker/billing/billing-clock.ts",
  preferences: "worker/preferences/store.ts",
  uploads: "worker/recordings/uploads/store.ts",
  media_grants: "worker/recordings/uploads/media-grants.ts",
  download_grants: "worker/accounts/export/download-grants.ts",
  contact_requests: "worker/contact/contact-requests.ts",
  workspace_members: "worker/workspaces/store.ts",
  workspace_invitations: "worker/workspaces/store.ts",
  workspace_seats: "worker/workspaces/store.ts",
  workspace_audit: "worker/workspaces/audit.ts",
  sandbox_assemblyai_uploads: "worker/sandbox/assemblyai.ts",
  sandbox_assemblyai_transcripts: "worker/sandbox/assemblyai.ts",
  sandbox_faults: "worker/sandbox/faults.ts",
  sandbox_mail: "worker/sandbox/mail.ts",
  sandbox_mail_domains: "worker/sandbox/mail-domains.ts",
  sandbox_paystack_declines: "worker/sandbox/paystack.ts",
  sandbox_paystack_transactions: "worker/sandbox/paystack.ts",
};

/**
 * Statements that name a table outside its home, each because splitting it would cost a round trip
 * on a hot path or the atomicity of one statement. Each is about its module's own table and only
 * reads the other, except the storage sum, which the uploads', jobs' and release images' inserts
 * use and no store may import from another.
 */
const ALLOWED_JOINS: readonly { home: string; reads: string; why: string }[] = [
  {
    home: "worker/recordings/storage-used.ts",
    reads: "jobs",
    why: "the storage quota is one sum over jobs and uploads, checked inside the insert that claims the bytes",
  },
  {
    home: "worker/recordings/storage-used.ts",
    reads: "uploads",
    why: "the storage quota is one sum over jobs and uploads, checked inside the insert that claims the bytes",
  },
  {
    home: "worker/recordings/storage-used.ts",
    reads: "release_attachments",
    why: "a release's images and their renditions count in the same storage sum, checked inside the insert that claims the bytes",
  },
  {
    home: "worker/accounts/sessions.ts",
    reads: "users",
    why: "every signed-in request reads its session and user in one query on the primary",
  },
  {
    home: "worker/accounts/users.ts",
    reads: "subscriptions",
    why: "a declined or lapsed subscription moves the account's expiry in the statement that reads it",
  },
  {
    home: "worker/billing/store.ts",
    reads: "users",
    why: "a settled subscription copies the account's new expiry; a renewal is charged to its plan and address",
  },
  {
    home: "worker/recordings/uploads/store.ts",
    reads: "jobs",
    why: "a recording is deleted only while no job runs on it, in one statement, so a job starting meanwhile finds no recording",
  },
  {
    home: "worker/jobs/store.ts",
    reads: "uploads",
    why: "a job made from a recording copies its row in one statement (a recording deleted meanwhile makes no job); a recording's jobs are read and released by its id",
  },
  {
    home: "worker/press-releases/release-versions.ts",
    reads: "jobs",
    why: "a release's first version is copied from its job row in the batch that replaces the text",
  },
  ...(["orders", "users", "organisations"] as const).map((reads) => ({
    home: "worker/billing/invoices.ts",
    reads,
    why: "an invoice takes its number and copies its buyer in the batch that settles the order, only for the fulfilment that won it",
  })),
  {
    home: "worker/newsroom/publications.ts",
    reads: "jobs",
    why: "a newsroom page reads its public releases with their text in one query",
  },
  ...(["contacts", "contact_suppressions"] as const).map((reads) => ({
    home: "worker/distribution/store.ts",
    reads,
    why: "a send picks its recipients from the list in the statement that queues them, so two sends at once cannot queue an address twice or pass the plan's allowance, and checks each address's suppression as it mails",
  })),
  {
    home: "worker/workspaces/store.ts",
    reads: "users",
    why: "a workspace is named after its owner's organisation and its members listed by name and e-mail, read with the memberships in one query",
  },
  {
    home: "worker/accounts/sessions.ts",
    reads: "workspace_members",
    why: "every signed-in request reads its session, its person and their role in the workspace it names in one round trip (through `roleIn`)",
  },
  {
    home: "worker/accounts/users.ts",
    reads: "workspace_members",
    why: "a workspace's billing address is its owner's, who may not be the person who signed up with it, read in the statement that reads the account for a renewal, an invoice or a lapse",
  },
  {
    home: "worker/organisation/store.ts",
    reads: "users",
    why: "until a kit is saved, the kit is the organisation named at sign-up, kept on the account",
  },
];

/**
 * Tables a Durable Object keeps in its own SQLite storage, not in D1: one home each as well, and
 * no D1 table may share a name with one.
 */
const OBJECT_TABLES: Record<string, string> = {
  caption_seats: "worker/live/caption-seats.ts",
  caption_shard_losses: "worker/live/caption-seats.ts",
};

/** What a template literal's `${…}` reads as in its text. */
const SUBSTITUTION = "__substitution__";

/** Names after FROM or JOIN that are SQLite functions, not tables. */
const NOT_TABLES = new Set(["json_each"]);

/** Tables D1 and wrangler keep for themselves. */
const D1_OWN_TABLE = /^(?:sqlite_|_cf_|d1_migrations$)/;

const sources = {
  ...import.meta.glob<string>("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }),
};
const modules = Object.entries(sources)
  .map(([path, source]) => [path.replace(/^(?:\.\.\/)+/, ""), source] as const)
  .filter(([path]) => !path.endsWith(".d.ts"));

interface Literal {
  line: number;
  /** The literal's text; a template's substitutions read `SUBSTITUTION`. */
  text: string;
}

/**
 * The string and template literals of a TypeScript source, comments and regular expressions
 * skipped, so an apostrophe in a comment or a quote in a pattern does not start a string.
 */
function literalsOf(source: string): Literal[] {
  const found: Literal[] = [];
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  let at = 0;

  function quoted(quote: string): void {
    const start = at++;
    while (at < source.length && source[at] !== quote && source[at] !== "\n") at += source[at] === "\\" ? 2 : 1;
    found.push({ line: lineOf(start), text: source.slice(start + 1, at) });
    at++;
  }

  function template(): void {
    const start = at++;
    let text = "";
    while (at < source.length && source[at] !== "`") {
      if (source[at] === "\\") {
        text += source.slice(at, at + 2);
        at += 2;
      } else if (source.startsWith("${", at)) {
        at += 2;
        code(true);
        text += SUBSTITUTION;
        at++;
      } else text += source[at++];
    }
    found.push({ line: lineOf(start), text });
    at++;
  }

  function regex(): void {
    at++;
    let inClass = false;
    while (at < source.length && source[at] !== "\n" && (inClass || source[at] !== "/")) {
      if (source[at] === "\\") at++;
      else if (source[at] === "[") inClass = true;
      else if (source[at] === "]") inClass = false;
      at++;
    }
    at++;
  }

  /** Reads code up to the end, or up to the `}` closing a template substitution. */
  function code(inSubstitution: boolean): void {
    let depth = 0;
    let previous = "";
    while (at < source.length) {
      const char = source[at] as string;
      if (source.startsWith("//", at)) at = source.indexOf("\n", at) === -1 ? source.length : source.indexOf("\n", at);
      else if (source.startsWith("/*", at)) at = source.indexOf("*/", at) + 2;
      else if (char === '"' || char === "'") {
        quoted(char);
        previous = char;
      } else if (char === "`") {
        template();
        previous = char;
      } else if (
        char === "/" &&
        (previous === "" || /[(,=:[!&|?{};+\-*%<>~^]$/.test(previous) || /\breturn$/.test(previous))
      )
        regex();
      else {
        if (char === "{") depth++;
        if (char === "}") {
          if (inSubstitution && depth === 0) return;
          depth--;
        }
        if (!/\s/.test(char)) previous = /\w/.test(char) ? previous.slice(-5) + char : char;
        at++;
      }
    }
  }

  code(false);
  return found;
}

/**
 * The tables a literal names after FROM, JOIN, INTO or UPDATE, a fragment of a statement included;
 * `SUBSTITUTION` where a table name would be means it is chosen at run time. Other names count only
 * in a whole statement, so prose that happens to say "FROM" is not taken for SQL.
 */
function tablesNamedIn(text: string): string[] {
  const statement = /\b(?:SELECT|INSERT|UPDATE|DELETE|REPLACE)\b/.test(text);
  const names = [...text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+(\w+)/g)].map((match) => match[1] as string);
  return names.filter(
    (name) =>
      name !== "SET" && !NOT_TABLES.has(name) && (statement || Object.hasOwn(HOMES, name) || name === SUBSTITUTION),
  );
}

/** Every table a module names where it may not, as `line: table`. */
function strayTablesIn(path: string, source: string): string[] {
  const literals = literalsOf(source);
  const homeOf = (table: string) => HOMES[table] ?? OBJECT_TABLES[table];
  const isHome = Object.values(HOMES).includes(path);
  const stray: string[] = [];
  for (const { line, text } of literals) {
    // A bare table name passed to a statement built at run time names that table as well.
    const tables = Object.hasOwn(HOMES, text) ? [text] : tablesNamedIn(text);
    for (const table of new Set(tables)) {
      if (table === SUBSTITUTION) {
        if (!isHome) stray.push(`${line}: a table chosen at run time`);
      } else if (homeOf(table) === undefined) stray.push(`${line}: ${table}, which is no D1 table`);
      else if (homeOf(table) !== path && !ALLOWED_JOINS.some((join) => join.home === path && join.reads === table))
        stray.push(`${line}: ${table}, whose home is ${homeOf(table)}`);
    }
  }
  return stray;
}

describe("table homes", () => {
  it("gives every D1 table one home, and no home to a table that is gone", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{
      name: string;
    }>();
    const tables = results.map((row) => row.name).filter((name) => !D1_OWN_TABLE.test(name));
    expect(tables.sort()).toEqual(Object.keys(HOMES).sort());
    expect(Object.keys(OBJECT_TABLES).filter((table) => Object.hasOwn(HOMES, table))).toEqual([]);
  });

  it("points every home at a module that exists", () => {
    const paths = modules.map(([path]) => path);
    expect([...Object.values(HOMES), ...Object.values(OBJECT_TABLES)].filter((home) => !paths.includes(home))).toEqual(
      [],
    );
    expect(ALLOWED_JOINS.filter((join) => !paths.includes(join.home) || HOMES[join.reads] === undefined)).toEqual([]);
  });

  it("finds the tables of SQL wherever it is written", () => {
    const source = [
      "// Don't be fooled: FROM users in a comment is not SQL, and `SELECT * FROM jobs` neither.",
      "const pattern = /'[\"`]/g;",
      'await db.prepare("SELECT id FROM sessions WHERE token = ?").first();',
      "const list = `SELECT u.id",
      "  FROM uploads u LEFT JOIN jobs j ON j.upload_id = u.id",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text holding a template's substitutions
      "  WHERE u.user_id = ${userId.trim()} AND u.kind = ${`x${'y'}`}`;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text holding a template's substitution
      "db.prepare(`DELETE FROM ${table} WHERE user_id = ?`);",
      "await db.exec('INSERT INTO orders (id) VALUES (1) ON CONFLICT DO UPDATE SET id = 2');",
      'const table = "preferences";',
      "const words = 'Pick one FROM the list';",
      'const owner = "user_id = (SELECT user_id FROM jobs WHERE id = ?1)";',
      'const fragment = " FROM live_usage WHERE month = ?";',
    ].join("\n");
    const named = literalsOf(source).map(({ line, text }) => [
      line,
      Object.hasOwn(HOMES, text) ? [text] : tablesNamedIn(text),
    ]);
    expect(named.filter(([, tables]) => (tables as string[]).length > 0)).toEqual([
      [3, ["sessions"]],
      [4, ["uploads", "jobs"]],
      [7, [SUBSTITUTION]],
      [8, ["orders"]],
      [9, ["preferences"]],
      [11, ["jobs"]],
      [12, ["live_usage"]],
    ]);
  });

  it("reads the modules of the Worker and the Durable Objects", () => {
    expect(modules.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        "worker/accounts/users.ts",
        "worker/jobs/store.ts",
        "worker/live/transcription-relay.ts",
      ]),
    );
  });

  it.each(modules)("%s names no table outside its home", (path, source) => {
    expect(strayTablesIn(path, source)).toEqual([]);
  });
});
