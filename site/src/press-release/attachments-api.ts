import { API, pathOf } from "@contracts/api-paths.ts";
import { apiRequest, messageResponse, schemaOf } from "../api/client.ts";

/** A release's images and audio clip (`/api/press-releases/:id/attachments`). */

const attachments = () => import("@worker/press-releases/contracts/attachments.ts");

export const attachmentsPath = (id: string) => pathOf(API.pressReleases.path.attachments, { id });

export const fetchAttachments = (path: string) => apiRequest(path, { schema: schemaOf(attachments, "attachmentList") });

export const uploadAttachment = (id: string, form: FormData) =>
  apiRequest(attachmentsPath(id), { method: "POST", body: form, schema: schemaOf(attachments, "attachmentItem") });

export const attachRecording = (id: string, attach: boolean) =>
  apiRequest(pathOf(API.pressReleases.path.recordingAttachment, { id }), {
    method: "PATCH",
    body: { attach },
    schema: schemaOf(attachments, "attachmentList"),
  });

export const removeAttachment = (id: string, attachmentId: string) =>
  apiRequest(pathOf(API.pressReleases.path.attachment, { id, attachmentId }), {
    method: "DELETE",
    schema: messageResponse,
  });
