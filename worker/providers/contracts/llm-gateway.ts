import { z } from "zod";

/**
 * AssemblyAI's LLM Gateway `POST /v1/chat/completions`, as its published description states it.
 * OpenAI-like, but not OpenAI: usage is counted in `input_tokens`/`output_tokens`/`total_tokens`,
 * choices carry no `index`, and errors are `{error: {code: <integer>, message}}`.
 */

const message = z.object({
  role: z.enum(["system", "user", "assistant"]),
  content: z.string(),
  name: z.string().optional(),
});

export const chatRequest = z
  .object({
    model: z.string().min(1),
    messages: z.array(message).min(1).optional(),
    prompt: z.string().optional(),
    max_tokens: z.number().int().min(1).optional(),
    temperature: z.number().min(0).max(2).optional(),
    stream: z.boolean().optional(),
  })
  .refine((body) => body.messages !== undefined || body.prompt !== undefined, {
    message: "Either messages or prompt is required",
    path: ["messages"],
  });
export type ChatRequestBody = z.infer<typeof chatRequest>;

export const usage = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  total_tokens: z.number().int(),
});

export const chatAnswer = z.object({
  request_id: z.uuid(),
  choices: z.array(
    z.object({
      message: z.object({ role: z.string(), content: z.string() }),
      finish_reason: z.string(),
    }),
  ),
  request: z.object({
    model: z.string(),
    max_tokens: z.number().int().optional(),
    temperature: z.number().optional(),
  }),
  usage,
  http_status_code: z.number().int(),
  response_time: z.number().int(),
  llm_status_code: z.number().int(),
});
export type ChatAnswer = z.infer<typeof chatAnswer>;

/** What the press-release job reads: the first choice's text and why it stopped. */
export const chatNeeded = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable() }), finish_reason: z.string().nullish() }))
    .min(1),
});

export const errorBody = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
});
