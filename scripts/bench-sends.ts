// `npm run bench:sends`: one release mailed to a media list of BENCH_SEND_RECIPIENTS contacts (default
// 1,000) through the real `npm start`: from the Send request until the distribution figures say every
// e-mail went out, with the rate. The e-mails go to the sandbox mail emulator in-process, so the figure
// is the Worker's own work (the Workflow's steps, D1, the outbox), not a mail provider's. Locally the
// Workflow runs on the same workerd thread as the request that started it, so the 202 comes back once
// the thread is free; in production the Workflow runs apart. Bounded: it gives up after
// BENCH_SEND_DEADLINE_S seconds (default 600).

import { startProduct } from "./product-server.ts";
import { seedNewsroom } from "./seed-newsroom.ts";

const RECIPIENTS = Number(process.env.BENCH_SEND_RECIPIENTS ?? 1000);
const DEADLINE_MS = Number(process.env.BENCH_SEND_DEADLINE_S ?? 600) * 1000;

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

const server = await startProduct({ passwordHashCost: "test" });
try {
  const base = server.baseUrl;
  const { token, releaseId: id } = await seedNewsroom(base, "bench.sends");
  const authed = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const run = Date.now().toString(36);
  const csv = ["name,email,outlet,beat,consent"];
  for (let i = 0; i < RECIPIENTS; i++)
    csv.push(`Journalist ${i},j${i}.${run}@news.example,Outlet ${i % 40},Business,yes`);
  const imported = await expectStatus(
    await fetch(`${base}/api/contacts/import`, {
      method: "POST",
      headers: { authorization: authed.authorization, "content-type": "text/csv" },
      body: csv.join("\n"),
    }),
    201,
    "the import",
  );
  const { imported: count } = (await imported.json()) as { imported: number };

  const started = performance.now();
  const accepted = await expectStatus(
    await fetch(`${base}/api/press-releases/${id}/send`, { method: "POST", headers: authed, body: "{}" }),
    202,
    "the send",
  );
  const answeredMs = performance.now() - started;
  const { queued } = (await accepted.json()) as { queued: number };
  let sent = 0;
  while (sent < queued) {
    if (performance.now() - started > DEADLINE_MS)
      throw new Error(`only ${sent} of ${queued} sent within the deadline`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    sent = (
      (await (await fetch(`${base}/api/press-releases/${id}/distribution`, { headers: authed })).json()) as {
        sent: number;
      }
    ).sent;
  }
  const seconds = (performance.now() - started) / 1000;
  console.table([
    { measure: "contacts imported", value: count },
    { measure: "e-mails queued", value: queued },
    { measure: "Send answered (202) after (ms)", value: answeredMs.toFixed(0) },
    { measure: "every e-mail out after (s)", value: seconds.toFixed(1) },
    { measure: "e-mails per second", value: (queued / seconds).toFixed(1) },
  ]);
} finally {
  await server.stop();
}
