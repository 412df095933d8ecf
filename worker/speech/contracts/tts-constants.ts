/**
 * Text-to-speech and voice conversion settings: the models the Worker asks for and the limits both
 * sides enforce. No zod here, so the tools' first load builds no schema (site/src/api/client.ts).
 */

/** The text-to-speech model and settings the Worker asks for. */
export const TTS_MODEL_ID = "eleven_multilingual_v2";
/**
 * eleven_multilingual_v2 accepts at most 10,000 characters per request. A character is a Unicode
 * code point (`characterCount`): an emoji or a rare CJK ideograph is one character, not two.
 */
export const TTS_MAX_CHARACTERS = 10_000;

/** Characters as the product counts them: code points, not UTF-16 units or bytes. */
export const characterCount = (text: string) => Array.from(text).length;

export const TTS_OUTPUT_FORMAT = "mp3_22050_32";
export const TTS_VOICE_SETTINGS = { stability: 0.1, similarity_boost: 0.3 } as const;

/** Speech-to-speech (voice conversion) model and the upload limit the Worker enforces. */
export const STS_MODEL_ID = "eleven_multilingual_sts_v2";
export const VOICE_CONVERSION_MAX_BYTES = 25 * 1024 * 1024;
