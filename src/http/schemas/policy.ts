import { z } from 'zod';
import { PolicySchema, PolicyUpdateSchema } from '../../verification/policy.js';

export { PolicyUpdateSchema };

export const PolicyResponseSchema = PolicySchema.extend({
  updated_at: z.string().nullable().describe('When this version was stored; null for the built-in default.'),
  updated_by: z.string().nullable(),
}).meta({ id: 'PolicyResponse' });
