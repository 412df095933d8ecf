// `npm run bench:sends`: one release mailed to a media list of BENCH_SEND_RECIPIENTS contacts (default
// 1,000) through the real `npm start`: from the Send request until the distribution figures say every
// e-mail went out, with the rate. The e-mails go to the sandbox mail emulator in-process, so the figure
// is the Worker's own work (the Workflow's steps, D1, the outbox), not a mail provider's. Locally the
// Workflow runs on the same workerd thread as the request that started it, so the 202 comes back once
// the thread is free; in production the Workflow runs apart. Bounded: it gives up after
// BENCH_SEND_DEADLINE_S seconds (default 600).

import { speechWav } from "../tests/fixtures/speech-wav.ts";
import { startProduct, verifiedAccount } from "./product-server.ts";

const RECIPIENTS = Number(process.env.BENCH_SEND_RECIPIENTS ?? 1000);
const DEADLINE_MS = Number(process.env.BENCH_SEND_DEADLINE_S ?? 600) * 1000;

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

const server = await startProduct({ passwordHashCost: "test" });
try {
  const base = server.baseUrl;
  const json = { "content-type": "application/json" };
  const run = Date.now().toString(36);
  const token = await verifiedAccount(base, `bench.sends.${run}@example.ng`, json);
  const authed = { ...json, authorization: `Bearer ${token}` };

  // A kit complete enough that the release has no gaps: a release with gaps is not sent.
  await expectStatus(
    await fetch(`${base}/api/organisation`, {
      method: "PUT",
      headers: authed,
      body: JSON.stringify({
        name: "Bench Water Trust",
        boilerplate: "Bench Water Trust runs boreholes across Oyo State.",
        spokespeople: [{ name: "Funmilayo Adeyemi", title: "Director of Programmes" }],
        media_contact: { name: "Bisi Akande", email: "press@bench.example.ng", phone: "+2348031234567" },
        dateline_city: "Ibadan",
        slug: `bench-${run}`,
      }),
    }),
    200,
    "the press kit",
  );
  const form = new FormData();
  form.set("file", new Blob([speechWav(20)], { type: "audio/wav" }), "bench.wav");
  const created = await expectStatus(
    await fetch(`${base}/api/press-releases`, {
      method: "POST",
      headers: { authorization: authed.authorization },
      body: form,
    }),
    202,
    "the release",
  );
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const job = (await (await fetch(`${base}/api/press-releases/${id}`, { headers: authed })).json()) as {
      status: string;
    };
    if (job.status === "completed") break;
    if (job.status === "error") throw new Error("the release failed");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await expectStatus(
    await fetch(`${base}/api/press-releases/${id}/publish`, { method: "POST", headers: authed, body: "{}" }),
    200,
    "publishing",
  );
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
