import { env } from "cloudflare:workers";
import { zlibSync } from "fflate";
import { expect } from "vitest";
import type { AttachmentItem } from "../../worker/press-releases/contracts/attachments.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finishedRelease } from "./jobs.ts";
import { COMPLETE_KIT } from "./press-kit.ts";

/**
 * What the release image tests share: real images of any size (the Images binding decodes them, as
 * the Worker makes its renditions), an account with a release on its newsroom, and its uploads.
 * Making renditions takes a second or two an upload on a busy machine (sharp, in wrangler's
 * process), so the tests that upload several give themselves 40 s.
 */

let counter = 0;
export const fresh = (name: string) => `${name}-${Date.now().toString(36)}-${++counter}`;

export const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** `head` padded with zeros to `bytes`. */
export function padded(head: number[] | Uint8Array, bytes: number): Uint8Array {
  const out = new Uint8Array(Math.max(bytes, head.length + 16));
  out.set(head);
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

function pngChunk(type: string, data: Uint8Array): number[] {
  const typed = new Uint8Array([...ascii(type), ...data]);
  return [...be32(data.length), ...typed, ...be32(crc32(typed))];
}

/** A real 8-bit grey PNG of that size (a diagonal pattern), zero-padded past its end to `bytes`. */
export function png(width: number, height: number, bytes = 0): Uint8Array {
  const rows = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = (x * 7 + y * 3) & 255;
  }
  const header = new Uint8Array([...be32(width), ...be32(height), 8, 0, 0, 0, 0]);
  const image = new Uint8Array([
    0x89,
    ...ascii("PNG\r\n\x1a\n"),
    ...pngChunk("IHDR", header),
    ...pngChunk("IDAT", zlibSync(rows)),
    ...pngChunk("IEND", new Uint8Array(0)),
  ]);
  return bytes > image.length ? padded(image, bytes) : image;
}

/** A PNG whose header says 400 × 300 but whose pixels are noise: no decoder can read it. */
export const damagedPng = () => {
  const image = png(400, 300);
  const noise = image.slice(0, 33 + 4096);
  for (let i = 33; i < noise.length; i++) noise[i] = (i * 131) & 255;
  return noise;
};

/** The same picture in another format, made by the Images binding. */
async function converted(image: Uint8Array, format: "image/jpeg" | "image/webp"): Promise<Uint8Array> {
  const result = await env.IMAGES.input(new Blob([image]).stream()).output({ format });
  return new Uint8Array(await result.response().arrayBuffer());
}
export const jpeg = (width: number, height: number) => converted(png(width, height), "image/jpeg");
export const webp = (width: number, height: number) => converted(png(width, height), "image/webp");

export function upload(
  token: string,
  id: string,
  file: { bytes: Uint8Array; type: string; name?: string } | null,
  fields: Record<string, string> = { alt: "Women fetching water at the new borehole in Iseyin" },
) {
  const form = new FormData();
  if (file) form.set("file", new Blob([file.bytes], { type: file.type }), file.name ?? "photo");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return call(`/api/press-releases/${id}/attachments`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

export async function uploaded(token: string, id: string, bytes = png(1200, 800), fields?: Record<string, string>) {
  const response = await upload(token, id, { bytes, type: "image/png" }, fields);
  expect(response.status).toBe(201);
  return (await response.json()) as AttachmentItem;
}

export async function objectsUnder(prefix: string): Promise<string[]> {
  return (await env.AUDIO.list({ prefix })).objects.map((object) => object.key);
}

/** An account with a newsroom address and a finished release, and the call that publishes it. */
export async function withPublishedRelease(body: { embargo_until?: string } = {}) {
  const account = await registerAndSignIn();
  const slug = fresh("attach");
  expect((await account.api.put("/api/organisation", { ...COMPLETE_KIT, slug })).status).toBe(200);
  const release = await finishedRelease(account.token);
  return {
    ...account,
    slug,
    release,
    publish: () => account.api.post(`/api/press-releases/${release.id}/publish`, body),
  };
}

/** A public address as a reader's browser asks for it: no session. */
export const publicGet = (url: string, headers: Record<string, string> = {}) =>
  call(new URL(url, "http://x").pathname, { headers });
