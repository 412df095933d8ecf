import { API, pathOf } from "../contracts/api-paths.ts";
import type { ReleaseFiles } from "../newsroom/release-files.ts";
import { releaseHtml, releasePlainText } from "../press-releases/contracts/release-markdown.ts";
import { embargoLine, embargoTime } from "../press-releases/contracts/release-options.ts";
import type { MailMessage } from "../providers/mail.ts";

/**
 * A release as one journalist receives it: the release in HTML and text, its public address through
 * their tracked link, the embargo line when it is held, an open pixel, and a way out (a visible
 * link, and the `List-Unsubscribe` headers mail clients turn into their own button, RFC 8058).
 * Its attachments are links to the newsroom's files, not files in the message; while the release is
 * under embargo those files are not public, so the e-mail names them and says when they will be.
 */

interface ReleaseMailInput {
  readonly to: string;
  readonly subject: string;
  readonly organisation: string;
  /** The release's Markdown. */
  readonly text: string;
  /** Set while the release is under embargo. */
  readonly embargoUntil: string | null;
  /** Where the links point: the Worker's origin. */
  readonly origin: string;
  readonly token: string;
  /** The release's files on its newsroom; null when the account has no newsroom address. */
  readonly files: ReleaseFiles | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function trackingLinks(origin: string, token: string) {
  return {
    open: `${origin}${pathOf(API.tracking.path.open, { token })}`,
    click: `${origin}${pathOf(API.tracking.path.click, { token })}`,
    unsubscribe: `${origin}${pathOf(API.unsubscribe.path.page, { token })}`,
  };
}

/** Each file as the e-mail names it. */
function attachmentsOf(files: ReleaseFiles): { readonly label: string; readonly url: string }[] {
  return [
    ...files.images.map((image, i) => ({ label: `Image ${i + 1}: ${image.alt}`, url: image.url })),
    ...(files.recording ? [{ label: "The recording (audio)", url: files.recording }] : []),
    { label: "The release as a Word document (DOCX)", url: files.docx },
    { label: "The release as a PDF", url: files.pdf },
  ];
}

function attachmentsHtml(files: ReleaseFiles, embargoUntil: string | null): string {
  const items = attachmentsOf(files);
  const list = items
    .map((item) =>
      embargoUntil
        ? `<li>${escapeHtml(item.label)}</li>`
        : `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.label)}</a></li>`,
    )
    .join("");
  const note = embargoUntil
    ? `<p>On the newsroom from ${escapeHtml(embargoTime(embargoUntil))}, when the embargo lifts:</p>`
    : "";
  return `<h2 style="font-size:16px">Attachments</h2>${note}<ul>${list}</ul>`;
}

function attachmentsText(files: ReleaseFiles, embargoUntil: string | null): string {
  const items = attachmentsOf(files);
  const note = embargoUntil ? `On the newsroom from ${embargoTime(embargoUntil)}, when the embargo lifts:\n` : "";
  const list = items.map((item) => (embargoUntil ? `- ${item.label}` : `- ${item.label}: ${item.url}`)).join("\n");
  return `\nAttachments\n${note}${list}\n`;
}

export function releaseMail(input: ReleaseMailInput): MailMessage {
  const links = trackingLinks(input.origin, input.token);
  const embargo = input.embargoUntil ? embargoLine(input.embargoUntil) : null;
  const organisation = escapeHtml(input.organisation);
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1a1a1a;max-width:640px">',
    embargo ? `<p style="font-weight:bold;color:#a40000">${escapeHtml(embargo)}</p>` : "",
    releaseHtml(input.text),
    input.files ? attachmentsHtml(input.files, input.embargoUntil) : "",
    `<p><a href="${links.click}">Read the release on ${organisation}'s newsroom</a></p>`,
    '<hr style="border:none;border-top:1px solid #ddd">',
    `<p style="font-size:13px;color:#555">You are receiving this because ${organisation} keeps you on its media list. `,
    `<a href="${links.unsubscribe}">Unsubscribe</a> from ${organisation}'s releases.</p>`,
    `<img src="${links.open}" width="1" height="1" alt="" style="display:block;border:0">`,
    "</body></html>",
  ].join("");
  const text = [
    embargo ? `${embargo}\n\n` : "",
    releasePlainText(input.text),
    input.files ? attachmentsText(input.files, input.embargoUntil) : "",
    `\nRead the release on ${input.organisation}'s newsroom: ${links.click}\n`,
    `\n--\nYou are receiving this because ${input.organisation} keeps you on its media list.\n`,
    `Unsubscribe from ${input.organisation}'s releases: ${links.unsubscribe}\n`,
  ].join("");
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
