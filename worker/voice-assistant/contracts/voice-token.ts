import { z } from "zod";

/** `POST /api/voice/token`: a short-lived voice-API access token for the signed-in browser. */
export const voiceTokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string().min(1),
});

export type VoiceTokenResponse = z.infer<typeof voiceTokenResponse>;
