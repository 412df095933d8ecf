import { messageResponse } from "@contracts/auth.ts";
import { createdPressReleaseSchema, pressReleaseListSchema, pressReleaseSchema } from "@contracts/press-releases.ts";
import { sentimentReportSchema } from "@contracts/sentiment.ts";
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

export const pressReleasePath = (id: string) => `/api/press-releases/${encodeURIComponent(id)}`;

export const fetchPressRelease = (id: string) => apiRequest(pressReleasePath(id), { schema: pressReleaseSchema });

export const fetchPressReleases = () => apiRequest("/api/press-releases", { schema: pressReleaseListSchema });

export const deletePressRelease = (id: string) =>
  apiRequest(pressReleasePath(id), { method: "DELETE", schema: messageResponse });
