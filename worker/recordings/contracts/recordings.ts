import { z } from "zod";
import { JOB_KINDS, JOB_STATUSES } from "../../jobs/contracts/jobs.ts";

/**
 * Recordings: the user's finished uploads, kept until they delete them, each usable by any tool
 * that takes `{upload_id}` (its `id`) without uploading it again. `used_by` lists the jobs made
 * from it that still read it: `title` is a press release's headline once written.
 */

const recordingUseSchema = z.object({
  kind: z.enum(JOB_KINDS),
  id: z.string(),
  title: z.string().nullable(),
  file_name: z.string(),
  status: z.enum(JOB_STATUSES),
});
export type RecordingUse = z.infer<typeof recordingUseSchema>;

const recordingSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  bytes: z.number(),
  content_type: z.string(),
  created_at: z.string(),
  used_by: z.array(recordingUseSchema),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingListSchema = z.object({
  items: z.array(recordingSchema),
  storage: z.object({ used_bytes: z.number(), quota_bytes: z.number().nullable() }),
});
export type RecordingList = z.infer<typeof recordingListSchema>;

/** A deletion's answer: what used the recording (their texts and reports are kept, without it). */
export const deletedRecordingSchema = z.object({ message: z.string(), used_by: z.array(recordingUseSchema) });
export type DeletedRecording = z.infer<typeof deletedRecordingSchema>;
