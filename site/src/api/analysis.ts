import { messageResponse } from "@contracts/auth.ts";
import { createdPressReleaseSchema, pressReleaseListSchema, pressReleaseSchema } from "@contracts/press-releases.ts";
import {
  createdSentimentJobSchema,
  sentimentJobListSchema,
  sentimentJobSchema,
  sentimentReportSchema,
} from "@contracts/sentiment.ts";
import { apiRequest, apiUpload, type UploadOptions } from "./client.ts";

/** The sentiment report and press release jobs. */

function fileForm(file: File): FormData {
  const form = new FormData();
  form.set("file", file, file.name);
  return form;
}

export async function analyseRecording(file: File, options?: UploadOptions) {
  const response = await apiUpload("/api/sentiment", fileForm(file), options);
  return sentimentReportSchema.parse(await response.json());
}

export async function startPressRelease(file: File, options?: UploadOptions) {
  const response = await apiUpload("/api/press-releases", fileForm(file), options);
  return createdPressReleaseSchema.parse(await response.json());
}

/** A finished resumable upload becomes a press release job. */
export const startPressReleaseFromUpload = (uploadId: string) =>
  apiRequest("/api/press-releases", { body: { upload_id: uploadId }, schema: createdPressReleaseSchema });

/** A finished resumable upload becomes a kept sentiment report job. */
export const startSentimentFromUpload = (uploadId: string) =>
  apiRequest("/api/sentiment", { body: { upload_id: uploadId }, schema: createdSentimentJobSchema });

export const sentimentJobPath = (id: string) => `/api/sentiment/${encodeURIComponent(id)}`;

export const fetchSentimentJob = (id: string) => apiRequest(sentimentJobPath(id), { schema: sentimentJobSchema });

export const fetchSentimentJobs = () => apiRequest("/api/sentiment", { schema: sentimentJobListSchema });

export const deleteSentimentJob = (id: string) =>
  apiRequest(sentimentJobPath(id), { method: "DELETE", schema: messageResponse });

export const pressReleasePath = (id: string) => `/api/press-releases/${encodeURIComponent(id)}`;

export const fetchPressRelease = (id: string) => apiRequest(pressReleasePath(id), { schema: pressReleaseSchema });

export const fetchPressReleases = () => apiRequest("/api/press-releases", { schema: pressReleaseListSchema });

export const deletePressRelease = (id: string) =>
  apiRequest(pressReleasePath(id), { method: "DELETE", schema: messageResponse });
