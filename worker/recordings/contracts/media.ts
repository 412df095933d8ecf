/**
 * Which recordings the analysis tools take (audio and video only: the pdf/docx the
 * original input also accepted cannot be transcribed) and how the site names them to the user.
 */
export const ANALYSIS_ACCEPT = "audio/*,video/*";
export const ANALYSIS_FORMATS_HINT = "MP3, WAV, M4A, OGG, WebM or MP4 audio and video";

/**
 * A bare `type/subtype` of RFC 6838 restricted names. A recording's type is stored with it and sent
 * back as its Content-Type (to a provider, or on its media URL), so anything more, a CR/LF or other
 * control character above all, would break that header.
 */
const PLAIN_MEDIA_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]{0,126}\/[A-Za-z0-9][\w!#$&^.+-]{0,126}$/;

export function isPlainMediaType(type: string): boolean {
  return PLAIN_MEDIA_TYPE.test(type);
}

export function isAnalysableMedia(type: string): boolean {
  return isPlainMediaType(type) && (type.startsWith("audio/") || type.startsWith("video/"));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
