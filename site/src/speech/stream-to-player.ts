/**
 * Plays an MP3 response while it downloads (Media Source Extensions) and resolves with the whole
 * file for the download button. Browsers without MSE for audio/mpeg play it once complete.
 */
export async function streamToPlayer(response: Response, audio: HTMLAudioElement): Promise<Blob> {
  const body = response.body;
  const canStream = body && typeof MediaSource !== "undefined" && MediaSource.isTypeSupported("audio/mpeg");
  if (!canStream) {
    const blob = await response.blob();
    audio.src = URL.createObjectURL(blob);
    await audio.play().catch(() => undefined);
    return blob;
  }

  const mediaSource = new MediaSource();
  audio.src = URL.createObjectURL(mediaSource);
  await new Promise((resolve) => mediaSource.addEventListener("sourceopen", resolve, { once: true }));
  const buffer = mediaSource.addSourceBuffer("audio/mpeg");
  const appended = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      buffer.addEventListener("updateend", () => resolve(), { once: true });
      buffer.addEventListener("error", () => reject(new Error("The browser could not play this audio.")), {
        once: true,
      });
      buffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
    });

  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  let started = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    await appended(value);
    if (!started) {
      started = true;
      // Autoplay may be refused without a gesture; the controls stay there to press play.
      audio.play().catch(() => undefined);
    }
  }
  if (mediaSource.readyState === "open") mediaSource.endOfStream();
  return new Blob(chunks as BlobPart[], { type: "audio/mpeg" });
}
