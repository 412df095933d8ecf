import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { planLimits } from "../../worker/billing/contracts/plans.ts";
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  type Contact,
  type ContactImportResult,
  type ContactsPage,
} from "../../worker/contacts/contracts/contacts.ts";
import { groupThousands } from "../../worker/contracts/numbers.ts";
import { WRITE_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { type Client, call, registerAndSignIn } from "./helpers.ts";

const THREE_JOURNALISTS = [
  "name,email,outlet,beat,consent",
  "Adaeze Okafor,adaeze@punchng.example,Punch,Business,yes",
  "Musa Bello,musa@dailytrust.example,Daily Trust,Politics,TRUE",
  "Tolu Ade,tolu@techcabal.example,TechCabal,Technology,no",
].join("\r\n");

function importCsv(api: Client, csv: string, { preview = false, type = "text/csv" } = {}): Promise<Response> {
  return call(`/api/contacts/import${preview ? "?preview=1" : ""}`, {
    method: "POST",
    headers: { "content-type": type, "cf-connecting-ip": api.ip, authorization: `Bearer ${api.token}` },
    body: csv,
  });
}

function remove(api: Client, id: string): Promise<Response> {
  return call(`/api/contacts/${id}`, {
    method: "DELETE",
    headers: { "cf-connecting-ip": api.ip, authorization: `Bearer ${api.token}` },
  });
}

async function listOf(api: Client, query = ""): Promise<ContactsPage> {
  const response = await api.get(`/api/contacts${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ContactsPage;
}

describe("POST /api/contacts/import: a CSV of journalists", () => {
  it("imports the rows with consent and skips the one without, saying why and on which row", async () => {
    const { api } = await registerAndSignIn();
    const response = await importCsv(api, THREE_JOURNALISTS);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      imported: 2,
      preview: false,
      skipped: [
        {
          row: 4,
          email: "tolu@techcabal.example",
          reason: 'No consent recorded: the consent column says "no" (yes, true or 1 means consent)',
        },
      ],
    } satisfies ContactImportResult);
    const list = await listOf(api);
    expect(list.total).toBe(2);
    expect(list.items.map((contact) => [contact.name, contact.email, contact.outlet, contact.beat])).toEqual([
      ["Adaeze Okafor", "adaeze@punchng.example", "Punch", "Business"],
      ["Musa Bello", "musa@dailytrust.example", "Daily Trust", "Politics"],
    ]);
    expect(list.items.every((contact) => contact.subscribed)).toBe(true);
  });

  it("a preview answers the same and saves nothing", async () => {
    const { api } = await registerAndSignIn();
    const response = await importCsv(api, THREE_JOURNALISTS, { preview: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ imported: 2, preview: true, skipped: [{ row: 4 }] });
    expect((await listOf(api)).total).toBe(0);
  });

  it("reads what spreadsheets write: a byte-order mark, columns in any order and case, quoted commas and line breaks, extra columns, phone and tags", async () => {
    const { api } = await registerAndSignIn();
    const csv = [
      "\uFEFFConsent,Email,Name,Notes,Outlet,Beat,Phone,Tags",
      '1,ngozi@vanguard.example,"Ngozi Eze, PhD","met at ""AfricArena""\nfollow up",Vanguard,Health,+234 803 000 0000,"health; Lagos;HEALTH"',
      "",
    ].join("\n");
    const response = await importCsv(api, csv);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ imported: 1, skipped: [] });
    const [contact] = (await listOf(api)).items;
    expect(contact).toMatchObject({
      name: "Ngozi Eze, PhD",
      email: "ngozi@vanguard.example",
      outlet: "Vanguard",
      beat: "Health",
      phone: "+234 803 000 0000",
      tags: ["health", "Lagos"],
    } satisfies Partial<Contact>);
  });

  it("skips a bad address, a missing name and a repeated address, each with its row", async () => {
    const { api } = await registerAndSignIn();
    const csv = [
      "name,email,outlet,beat,consent",
      "Kemi,not-an-address,Guardian,Arts,yes",
      ",nameless@guardian.example,Guardian,Arts,yes",
      "Ife,ife@guardian.example,Guardian,Arts,yes",
      "Ife again,IFE@guardian.example,Guardian,Arts,yes",
    ].join("\n");
    const answer = (await (await importCsv(api, csv)).json()) as ContactImportResult;
    expect(answer.imported).toBe(1);
    expect(answer.skipped.map(({ row, reason }) => [row, reason])).toEqual([
      [2, "email: Enter a valid e-mail address"],
      [3, "name: A name is required"],
      [5, "The same address is on row 4"],
    ]);
  });

  it("a second import brings details up to date without adding the address twice", async () => {
    const { api } = await registerAndSignIn();
    await importCsv(api, THREE_JOURNALISTS);
    const moved = "name,email,outlet,beat,consent\nAdaeze Okafor,ADAEZE@punchng.example,BusinessDay,Energy,yes";
    expect(await (await importCsv(api, moved)).json()).toMatchObject({ imported: 1, skipped: [] });
    const list = await listOf(api);
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({ email: "adaeze@punchng.example", outlet: "BusinessDay", beat: "Energy" });
  });

  it("never puts an address that unsubscribed back on the sends", async () => {
    const { api, user } = await registerAndSignIn();
    await importCsv(api, THREE_JOURNALISTS);
    await env.DB.prepare("UPDATE contacts SET unsubscribed_at = ? WHERE user_id = ? AND email = ?")
      .bind(new Date().toISOString(), user.id, "musa@dailytrust.example")
      .run();
    const answer = (await (await importCsv(api, THREE_JOURNALISTS)).json()) as ContactImportResult;
    expect(answer.imported).toBe(1);
    expect(answer.skipped).toContainEqual({
      row: 3,
      email: "musa@dailytrust.example",
      reason: "This address unsubscribed from your releases; an import does not put it back",
    });
    const musa = (await listOf(api)).items.find((contact) => contact.email === "musa@dailytrust.example");
    expect(musa).toMatchObject({ subscribed: false, stopped: "unsubscribed" });
  });

  it(`stops at the plan's list size (${groupThousands(planLimits(null).mediaListContacts)} on Monthly and trials) and says which rows did not fit`, async () => {
    const { api, user } = await registerAndSignIn();
    const capacity = planLimits(null).mediaListContacts;
    // Filled to two short of the plan's size directly: one import takes 5,000 rows at most.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
       INSERT INTO contacts (id, user_id, name, email, outlet, beat, phone, tags, consent_at, created_at, updated_at)
       SELECT lower(hex(randomblob(16))), ?1, 'Filler', 'filler' || i || '@example.ng', '', '', '', '[]', ?2, ?2, ?2 FROM n`,
    )
      .bind(user.id, new Date().toISOString(), capacity - 2)
      .run();
    const csv = [
      "name,email,outlet,beat,consent",
      "One,one@example.ng,,,yes",
      "Two,two@example.ng,,,yes",
      "Three,three@example.ng,,,yes",
    ].join("\n");
    const answer = (await (await importCsv(api, csv)).json()) as ContactImportResult;
    expect(answer.imported).toBe(2);
    expect(answer.skipped).toEqual([
      {
        row: 4,
        email: "three@example.ng",
        reason: `Your plan's media list is full (${groupThousands(capacity)} contacts)`,
      },
    ]);
    expect((await listOf(api, "?limit=1")).total).toBe(capacity);
  });

  it("refuses what is not a CSV it can read with a 4xx that says what to do, and saves nothing", async () => {
    const { api } = await registerAndSignIn();
    const refusals: [Response, number, string][] = [
      [await importCsv(api, THREE_JOURNALISTS, { type: "application/json" }), 415, "unsupported_media_type"],
      [await importCsv(api, "name,email,outlet\nA,a@example.ng,Punch"), 400, "csv_columns"],
      [await importCsv(api, ""), 400, "csv_empty"],
      [await importCsv(api, 'name,email,outlet,beat,consent\n"unclosed,a@example.ng,P,B,yes'), 400, "csv_invalid"],
      [
        await call("/api/contacts/import", {
          method: "POST",
          headers: { "content-type": "text/csv", "cf-connecting-ip": api.ip, authorization: `Bearer ${api.token}` },
          // "Adébáyọ̀" saved as Windows-1252 by an old spreadsheet: 0xE9 alone is not UTF-8.
          body: new Uint8Array([...new TextEncoder().encode("name,email,outlet,beat,consent\nAd"), 0xe9, 0x0a]),
        }),
        400,
        "csv_encoding",
      ],
      [
        await importCsv(
          api,
          `name,email,outlet,beat,consent\n${Array.from({ length: CONTACT_IMPORT_MAX_ROWS + 1 }, (_, i) => `N,n${i}@x.ng,,,yes`).join("\n")}`,
        ),
        400,
        "csv_too_many_rows",
      ],
      [
        await importCsv(api, `name,email,outlet,beat,consent\n${"x".repeat(CONTACT_IMPORT_MAX_BYTES)}`),
        413,
        "payload_too_large",
      ],
    ];
    for (const [response, status, code] of refusals) {
      expect(response.status).toBe(status);
      const body = (await response.json()) as { message: string; code: string };
      expect(body.code).toBe(code);
      expect(body.message.length).toBeGreaterThan(10);
    }
    expect((await listOf(api)).total).toBe(0);
  });

  it(`counts imports and previews against ${WRITE_RATE_LIMITS.contactImport.limit} an hour, then 429`, async () => {
    const { api, user } = await registerAndSignIn();
    const { limit, windowSeconds } = WRITE_RATE_LIMITS.contactImport;
    const limiter = env.RATE_LIMITER.getByName(`contactImport:user:${user.id}`);
    for (let i = 0; i < limit; i++) await limiter.hit(limit, windowSeconds);
    const refused = await importCsv(api, THREE_JOURNALISTS, { preview: true });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
  });
});

describe("GET, PATCH and DELETE /api/contacts", () => {
  it("pages through the list by name, filters by tag whatever its case, and says where the next page starts", async () => {
    const { api } = await registerAndSignIn();
    const rows = ["Zainab,z@x.ng,,,yes,,radio", "amaka,a@x.ng,,,yes,,Radio;tv", "Bola,b@x.ng,,,yes,,tv"];
    await importCsv(api, `name,email,outlet,beat,consent,phone,tags\n${rows.join("\n")}`);
    const first = await listOf(api, "?limit=2");
    expect(first.items.map((contact) => contact.name)).toEqual(["amaka", "Bola"]);
    expect(first).toMatchObject({ total: 3, next_offset: 2 });
    const last = await listOf(api, "?limit=2&offset=2");
    expect(last.items.map((contact) => contact.name)).toEqual(["Zainab"]);
    expect(last.next_offset).toBeNull();
    expect((await listOf(api, "?tag=RADIO")).items.map((contact) => contact.name)).toEqual(["amaka", "Zainab"]);
    const bad = await api.get("/api/contacts?limit=1000");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "validation_failed", errors: { limit: ["limit is at most 100"] } });
  });

  it("corrects a contact's details and deletes it; another account sees 404 for both and its own list stays empty", async () => {
    const { api } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await importCsv(api, THREE_JOURNALISTS);
    const [adaeze] = (await listOf(api)).items;
    if (!adaeze) throw new Error("the import made no contact");

    expect((await other.api.patch(`/api/contacts/${adaeze.id}`, { beat: "Energy" })).status).toBe(404);
    expect((await remove(other.api, adaeze.id)).status).toBe(404);
    expect((await listOf(other.api)).total).toBe(0);

    const patched = await api.patch(`/api/contacts/${adaeze.id}`, { beat: " Energy ", tags: ["oil", "OIL", "gas"] });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ beat: "Energy", tags: ["oil", "gas"], outlet: "Punch" });
    const empty = await api.patch(`/api/contacts/${adaeze.id}`, {});
    expect(empty.status).toBe(400);

    expect((await remove(api, adaeze.id)).status).toBe(200);
    expect((await remove(api, adaeze.id)).status).toBe(404);
    expect((await remove(api, "not-a-uuid")).status).toBe(404);
    expect((await listOf(api)).total).toBe(1);
  });

  it("the list is in the owner's data download, and deleting the account leaves none of it", async () => {
    const { api, user, input } = await registerAndSignIn();
    await importCsv(api, THREE_JOURNALISTS);
    const data = await api.get("/api/account/export");
    expect(data.status).toBe(200);
    const exported = (await data.json()) as { contacts: Contact[] };
    expect(exported.contacts.map((contact) => contact.email).sort()).toEqual([
      "adaeze@punchng.example",
      "musa@dailytrust.example",
    ]);

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM contacts WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
