import { z } from 'zod';
import { ERROR_CODE_NAMES } from '../../domain/errors.js';
import { NextActionSchema } from '../../domain/result.js';

export const ErrorEnvelopeSchema = z
  .object({
    error: z
      .object({
        code: z.enum(ERROR_CODE_NAMES as [string, ...string[]]),
        message: z.string(),
        request_id: z.string(),
        next_action: NextActionSchema,
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'Error', description: 'The one error shape of every endpoint.' });

/** Error responses a route can give, keyed by status, all in the one envelope. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorEnvelopeSchema> {
  return Object.fromEntries([401, 403, 429, 500, ...statuses].map((s) => [s, ErrorEnvelopeSchema]));
}

export const DocumentIdParams = z.object({
  id: z.string().max(64).describe('Document id, DOC_ followed by hex.'),
});
