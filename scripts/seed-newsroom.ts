// A newsroom made for a script's run through `npm start`: an account with a complete press kit (a
// release with gaps is neither published nor sent), one release written from a 20-second recording
// and published. `npm run lighthouse` scores its pages; `npm run bench:sends` mails its release.
import { speechWav } from "../tests/fixtures/speech-wav.ts";
import { verifiedAccount } from "./product-server.ts";

interface SeededNewsroom {
  /** The account's bearer token. */
  readonly token: string;
  readonly releaseId: string;
  /** The newsroom's page and the release's. */
  readonly pages: readonly [string, string];
}

/** `who` names the account and the newsroom's slug, so each script's run is told apart. */
export async function seedNewsroom(base: string, who = "lighthouse"): Promise<SeededNewsroom> {
  const json = { "content-type": "application/json" };
  const run = Date.now().toString(36);
  const token = await verifiedAccount(base, `${who}.${run}@example.ng`, json);
  const authed = { ...json, authorization: `Bearer ${token}` };
  const slug = `${who.replaceAll(".", "-")}-${run}`;
  const kit = await fetch(`${base}/api/organisation`, {
    method: "PUT",
    headers: authed,
    body: JSON.stringify({
      name: "Ìjọba Water Trust",
      boilerplate: "Ìjọba Water Trust builds and runs boreholes in 40 communities across Oyo State.",
      spokespeople: [{ name: "Funmilayo Adeyemi", title: "Director of Programmes" }],
      media_contact: { name: "Bisi Akande", email: "press@ijoba.example.ng", phone: "+2348031234567" },
      dateline_city: "Ibadan",
      slug,
    }),
  });
  if (kit.status !== 200) throw new Error(`the press kit answered ${kit.status}`);
  const form = new FormData();
  form.set("file", new Blob([speechWav(20)], { type: "audio/wav" }), "launch.wav");
  const created = await fetch(`${base}/api/press-releases`, {
    method: "POST",
    headers: { authorization: authed.authorization },
    body: form,
  });
  if (created.status !== 202) throw new Error(`the release answered ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  for (let tries = 0; ; tries++) {
    const { status } = (await (await fetch(`${base}/api/press-releases/${id}`, { headers: authed })).json()) as {
      status: string;
    };
    if (status === "completed") break;
    if (status === "error" || tries > 600) throw new Error(`the release ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const published = await fetch(`${base}/api/press-releases/${id}/publish`, {
    method: "POST",
    headers: authed,
    body: "{}",
  });
  if (published.status !== 200) throw new Error(`publishing answered ${published.status}`);
  const { url } = (await published.json()) as { url: string };
  return { token, releaseId: id, pages: [`/newsroom/${slug}`, new URL(url).pathname] };
}
