import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UsageService } from '../../../services/usage.js';
import { principalOf } from '../../plugins/auth.js';
import { UsageSchema } from '../../schemas/auth.js';
import { errorResponses } from '../../schemas/common.js';

/** The organisation's month so far, its quota and plan. */
export async function usageRoutes(app: FastifyInstance, opts: { usage: UsageService }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/v1/usage', {
    schema: { tags: ['Account'], summary: "This month's usage, the quota and the plan", response: { 200: UsageSchema, ...errorResponses() } },
    handler: async (request) => opts.usage.report(principalOf(request).orgId),
  });
}
