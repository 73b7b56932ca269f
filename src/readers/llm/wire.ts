import { z } from 'zod';

/** The OpenAI chat-completions wire format, as much of it as this service sends and reads. */

export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail: 'high' | 'low' | 'auto' } };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ContentPart[];
}

export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  temperature: 0;
  response_format: { type: 'json_object' };
  max_tokens: number;
}

export const ChatResponseSchema = z.object({
  model: z.string().max(200).optional(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().min(0),
      completion_tokens: z.number().int().min(0),
    })
    .optional(),
});
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

export const ErrorBodySchema = z.object({
  error: z.object({ type: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish() }),
});

export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}
