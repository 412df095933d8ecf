import { readReport } from "../reports/sentiment-reports.ts";
import { type Utterance, utteranceSchema } from "../transcripts/contracts/transcript.ts";
import { type JobRow, recordResultKey } from "./store.ts";

/**
 * A press release's source transcript (utterances with speakers and times), JSON in R2 like a
 * sentiment report and under the job's `result_key`, so deleting the job or the account deletes it.
 */

const transcriptKey = (id: string) => `press-release-transcripts/${id}.json`;

/** Keeps the transcript; a job deleted meanwhile gets none (and nothing is left behind). */
export async function keepTranscript(env: Env, id: string, utterances: readonly Utterance[]): Promise<void> {
  const key = transcriptKey(id);
  await env.AUDIO.put(key, JSON.stringify(utterances), { httpMetadata: { contentType: "application/json" } });
  if (!(await recordResultKey(env.DB, id, key))) await env.AUDIO.delete(key);
}

export async function readTranscript(env: Env, key: string): Promise<Utterance[] | undefined> {
  const stored = await env.AUDIO.get(key);
  return stored ? utteranceSchema.array().parse(await stored.json()) : undefined;
}

/** The job's transcript with speakers, whichever kind it is; undefined until there is one. */
export async function utterancesOfJob(
  env: Env,
  row: Pick<JobRow, "kind" | "result_key">,
): Promise<Utterance[] | undefined> {
  if (!row.result_key) return undefined;
  if (row.kind === "sentiment") return (await readReport(env, row.result_key))?.utterances;
  return readTranscript(env, row.result_key);
}
