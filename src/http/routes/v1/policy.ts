import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PoliciesService } from '../../../services/policies.js';
import { principalOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas/common.js';
import { PolicyResponseSchema, PolicyUpdateSchema } from '../../schemas/policy.js';

export async function policyRoutes(app: FastifyInstance, opts: { policies: PoliciesService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Policy'];

  r.get('/v1/policy', {
    schema: {
      tags,
      summary: "The organisation's verification policy in force",
      description: "The defaults per document type with the organisation's changes over them, and the version results name in verification.policy.",
      response: { 200: PolicyResponseSchema, ...errorResponses() },
    },
    handler: async (request) => opts.policies.get(principalOf(request)),
  });

  r.put('/v1/policy', {
    schema: {
      tags,
      summary: 'Change the verification policy (a new version)',
      description:
        "Settings given replace the stored ones; for each document type given, required_fields and key_fields replace that type's lists. Readings already stored keep their decision until POST /v1/documents/{id}/redecide. Owners, admins and keys with documents:write; reviewers get 403.",
      body: PolicyUpdateSchema,
      response: { 200: PolicyResponseSchema, ...errorResponses(422) },
    },
    handler: async (request) => opts.policies.update(principalOf(request), request.body),
  });
}
