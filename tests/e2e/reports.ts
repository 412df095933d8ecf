import { expect } from "vitest";
import type { SentimentJob } from "../../worker/reports/contracts/sentiment.ts";
import { baseUrl } from "./browser.ts";
import type { StoredSession } from "./people.ts";

const TUS = { "tus-resumable": "1.0.0" };

/** A kept report on a recording: uploaded over tus, then analysed as a job, as the tool does it. */
export async function reportOnUpload(
  session: StoredSession,
  recording: Uint8Array<ArrayBuffer>,
  name: string,
): Promise<SentimentJob> {
  const auth = { authorization: `Bearer ${session.token}` };
  const created = await fetch(`${baseUrl()}/api/uploads`, {
    method: "POST",
    headers: {
      ...TUS,
      ...auth,
      "upload-length": String(recording.length),
      "upload-metadata": `filename ${btoa(name)},filetype ${btoa("audio/wav")}`,
    },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get("location") ?? "";
  const sent = await fetch(new URL(location, baseUrl()), {
    method: "PATCH",
    headers: { ...TUS, ...auth, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body: recording,
  });
  expect(sent.status).toBe(204);
  const started = await fetch(`${baseUrl()}/api/sentiment`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ upload_id: location.split("/").pop() }),
  });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  for (let tries = 0; tries < 120; tries++) {
    const job = (await (await fetch(`${baseUrl()}/api/sentiment/${id}`, { headers: auth })).json()) as SentimentJob;
    if (job.status === "completed" || job.status === "error") return job;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the report did not finish");
}
