-- A release image's web renditions (issue 43): WebP copies at a few widths, made at upload by the
-- Images binding, so the newsroom page serves a phone a picture of its size rather than the upload
-- (up to 5 MB). Their bytes are in R2 under `attachment-renditions/<user>/<release>/<image>/<width>.webp`
-- and go with the image. `renditions_bytes` is their sum, so the plan's storage counts an image,
-- original and renditions, from its one row.
CREATE TABLE release_image_renditions (
  attachment_id TEXT NOT NULL REFERENCES release_attachments (id) ON DELETE CASCADE,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  r2_key TEXT NOT NULL,
  PRIMARY KEY (attachment_id, width)
);
CREATE INDEX release_image_renditions_by_key ON release_image_renditions (r2_key);

ALTER TABLE release_attachments ADD COLUMN renditions_bytes INTEGER NOT NULL DEFAULT 0;
