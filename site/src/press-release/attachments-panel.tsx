import {
  ATTACHMENT_ALT_MAX_CHARACTERS,
  ATTACHMENT_CAPTION_MAX_CHARACTERS,
  ATTACHMENT_IMAGE_MAX_BYTES,
  ATTACHMENT_IMAGE_TYPES,
  ATTACHMENT_IMAGES_PER_RELEASE,
  type AttachmentItem,
} from "@worker/press-releases/contracts/attachments.ts";
import { Trash2 } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import useSWR from "swr";
import { ApiError } from "../api/client.ts";
import { errorMessage, TextField } from "../ui/form-fields.tsx";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import {
  attachmentsPath,
  attachRecording,
  fetchAttachments,
  removeAttachment,
  uploadAttachment,
} from "./attachments-api.ts";

type FieldErrors = { file?: string; alt?: string; caption?: string };

const MEGABYTES = ATTACHMENT_IMAGE_MAX_BYTES / (1024 * 1024);
const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The checks the Worker makes too, so a person hears what is wrong before anything is sent. */
function checkForm(file: File | undefined, alt: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!file) errors.file = "Choose an image to attach.";
  else if (!(ATTACHMENT_IMAGE_TYPES as readonly string[]).includes(file.type))
    errors.file = "Choose a JPEG, PNG or WebP image.";
  else if (file.size > ATTACHMENT_IMAGE_MAX_BYTES)
    errors.file = `That image is over ${MEGABYTES} MB; choose a smaller one.`;
  if (!alt.trim()) errors.alt = "Describe the image for people who cannot see it.";
  return errors;
}

/**
 * What the release carries on its newsroom page and in its e-mails beside its text: images, each
 * with the alt text a screen reader speaks, and the recording it was written from as an audio clip.
 * A viewer sees what is attached, and attaches or removes nothing.
 */
export function AttachmentsPanel({ releaseId }: { releaseId: string }) {
  const id = useId();
  const { canEdit } = useWorkspace();
  const path = attachmentsPath(releaseId);
  const { data, error: loadError, mutate } = useSWR(path, fetchAttachments, { revalidateOnFocus: false });
  const fileInput = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [caption, setCaption] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    const found = checkForm(file, alt);
    setErrors(found);
    setFailure(null);
    if (!file || Object.keys(found).length > 0) return;
    const form = new FormData();
    form.set("file", file);
    form.set("alt", alt);
    form.set("caption", caption);
    setBusy(true);
    try {
      const item = await uploadAttachment(releaseId, form);
      await mutate(data && { ...data, items: [...data.items, item] }, { revalidate: false });
      setAlt("");
      setCaption("");
      if (fileInput.current) fileInput.current.value = "";
      toast.success("Image attached", { duration: TOAST_MS });
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.errors : {};
      const onField: FieldErrors = { file: fields.file?.[0], alt: fields.alt?.[0], caption: fields.caption?.[0] };
      setErrors(onField);
      if (!onField.file && !onField.alt && !onField.caption) setFailure(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: AttachmentItem) => {
    try {
      await removeAttachment(releaseId, item.id);
      await mutate(data && { ...data, items: data.items.filter((kept) => kept.id !== item.id) }, { revalidate: false });
      toast.success("Image removed", { duration: TOAST_MS });
    } catch (caught) {
      toast.error(errorMessage(caught), { duration: TOAST_MS });
    }
  };

  // The box ticks at once, as a checkbox does, and goes back with the reason if the Worker refuses.
  const toggleRecording = async (attach: boolean) => {
    setFailure(null);
    try {
      await mutate(attachRecording(releaseId, attach), {
        optimisticData: data && { ...data, recording: { ...data.recording, attached: attach } },
        rollbackOnError: true,
        revalidate: false,
      });
    } catch (caught) {
      setFailure(errorMessage(caught));
    }
  };

  const full = (data?.items.length ?? 0) >= ATTACHMENT_IMAGES_PER_RELEASE;
  const recordingGone = data !== undefined && !data.recording.available;
  return (
    <section className="release__attachments" aria-labelledby={`${id}-title`} aria-busy={!data && !loadError}>
      <h3 id={`${id}-title`}>Attachments</h3>
      <p className="muted">
        Shown on the release's newsroom page and linked from its e-mails once it is public: up to{" "}
        {ATTACHMENT_IMAGES_PER_RELEASE} images, the recording, and the release as Word and PDF.
      </p>
      {loadError && (
        <p className="field__error" role="alert">
          The attachments could not be loaded. Refresh the page to try again.
        </p>
      )}
      {data && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={data.recording.attached && !recordingGone}
              disabled={recordingGone || !canEdit}
              aria-describedby={recordingGone ? `${id}-recording-gone` : undefined}
              onChange={(event) => void toggleRecording(event.target.checked)}
            />
            Attach the recording
          </label>
          {recordingGone && (
            <p className="field__hint" id={`${id}-recording-gone`}>
              The recording was deleted, so it cannot be attached.
            </p>
          )}
          {data.items.length === 0 ? (
            <p className="muted">No images attached yet.</p>
          ) : (
            <ul className="history" aria-label="Images attached to this release">
              {data.items.map((item) => (
                <li key={item.id} className="history__item">
                  <span className="history__text">
                    {item.alt}
                    <span className="history__preview muted">
                      {[item.caption, `${item.width} × ${item.height}`, sizeOf(item.bytes)].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                  {canEdit && (
                    <span className="history__actions">
                      <IconButton label={`Remove image: ${item.alt}`} icon={Trash2} onClick={() => remove(item)} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!canEdit ? null : full ? (
            <p className="muted">This release has {ATTACHMENT_IMAGES_PER_RELEASE} images, the most it can carry.</p>
          ) : (
            <form className="release__attachments-form" aria-label="Attach an image" onSubmit={upload} noValidate>
              <TextField
                ref={fileInput}
                label={`Image (JPEG, PNG or WebP, up to ${MEGABYTES} MB)`}
                type="file"
                accept={ATTACHMENT_IMAGE_TYPES.join(",")}
                error={errors.file}
              />
              <TextField
                label="Alt text (what the image shows)"
                value={alt}
                maxLength={ATTACHMENT_ALT_MAX_CHARACTERS}
                onChange={(event) => setAlt(event.target.value)}
                error={errors.alt}
              />
              <TextField
                label="Caption (optional)"
                value={caption}
                maxLength={ATTACHMENT_CAPTION_MAX_CHARACTERS}
                onChange={(event) => setCaption(event.target.value)}
                error={errors.caption}
              />
              <button type="submit" className="button button--ghost" disabled={busy} aria-busy={busy}>
                Attach image
              </button>
            </form>
          )}
        </>
      )}
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
