import { apiRequest, apiUpload, messageResponse, readAnswer, schemaOf, type UploadOptions } from "./client.ts";

/** The sentiment report and press release jobs. */

const sentiment = () => import("@contracts/sentiment.ts");
const pressReleases = () => import("@contracts/press-releases.ts");
const createdPressRelease = schemaOf(pressReleases, "createdPressReleaseSchema");

function fileForm(file: File): FormData {
  const form = new FormData();
  form.set("file", file, file.name);
  return form;
}

export async function analyseRecording(file: File, options?: UploadOptions) {
  const response = await apiUpload("/api/sentiment", fileForm(file), options);
  return readAnswer(response, schemaOf(sentiment, "sentimentReportSchema"));
}

export async function startPressRelease(file: File, options?: UploadOptions) {
  const response = await apiUpload("/api/press-releases", fileForm(file), options);
  return readAnswer(response, createdPressRelease);
}

/** A finished resumable upload becomes a press release job. */
export const startPressReleaseFromUpload = (uploadId: string) =>
  apiRequest("/api/press-releases", { body: { upload_id: uploadId }, schema: createdPressRelease });

/** A finished resumable upload becomes a kept sentiment report job. */
export const startSentimentFromUpload = (uploadId: string) =>
  apiRequest("/api/sentiment", {
    body: { upload_id: uploadId },
    schema: schemaOf(sentiment, "createdSentimentJobSchema"),
  });

export const sentimentJobPath = (id: string) => `/api/sentiment/${encodeURIComponent(id)}`;

export const fetchSentimentJob = (id: string) =>
  apiRequest(sentimentJobPath(id), { schema: schemaOf(sentiment, "sentimentJobSchema") });

export const fetchSentimentJobs = () =>
  apiRequest("/api/sentiment", { schema: schemaOf(sentiment, "sentimentJobListSchema") });

export const deleteSentimentJob = (id: string) =>
  apiRequest(sentimentJobPath(id), { method: "DELETE", schema: messageResponse });

export const pressReleasePath = (id: string) => `/api/press-releases/${encodeURIComponent(id)}`;

export const fetchPressRelease = (id: string) =>
  apiRequest(pressReleasePath(id), { schema: schemaOf(pressReleases, "pressReleaseSchema") });

export const fetchPressReleases = () =>
  apiRequest("/api/press-releases", { schema: schemaOf(pressReleases, "pressReleaseListSchema") });

export const deletePressRelease = (id: string) =>
  apiRequest(pressReleasePath(id), { method: "DELETE", schema: messageResponse });
