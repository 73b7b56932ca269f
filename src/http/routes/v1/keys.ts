import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsService, KeyListItem } from '../../../services/accounts.js';
import { formatTimestamp } from '../../../services/document-view.js';
import type { UsersService } from '../../../services/users.js';
import { principalOf } from '../../plugins/auth.js';
import { CreateKeyBody, CreatedKeySchema, IdParams, KeySchema } from '../../schemas/auth.js';
import { errorResponses } from '../../schemas/common.js';

const ts = (v: string | null) => (v === null ? null : formatTimestamp(v));
const presentKey = (k: KeyListItem) => ({ ...k, created_at: formatTimestamp(k.created_at), last_used_at: ts(k.last_used_at), revoked_at: ts(k.revoked_at) });

/** API keys from the dashboard (bearer token of an owner or admin). Creating one needs a
 * verified email and phone; the key is shown once. */
export async function keyRoutes(app: FastifyInstance, opts: { accounts: AccountsService; users: UsersService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['API keys'];
  const config = { auth: 'user' } as const;

  r.get('/v1/keys', {
    config,
    schema: {
      tags,
      summary: "The organisation's API keys (prefix and last four only)",
      response: { 200: z.object({ items: z.array(KeySchema) }), ...errorResponses() },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      opts.users.requireManager(principal);
      return { items: (await opts.accounts.listKeys(principal.orgId)).map(presentKey) };
    },
  });

  r.post('/v1/keys', {
    config,
    schema: {
      tags,
      summary: 'Create an API key (shown once)',
      description: '403 account_verification_required (with missing and verify_url) until the email address and phone number are verified.',
      body: CreateKeyBody,
      response: { 201: CreatedKeySchema, ...errorResponses(422) },
    },
    handler: async (request, reply) => {
      const created = await opts.users.createKey(principalOf(request), request.body);
      return reply.status(201).send({ ...created, created_at: formatTimestamp(created.created_at) });
    },
  });

  r.delete('/v1/keys/:id', {
    config,
    schema: { tags, summary: 'Revoke an API key', params: IdParams, response: { 200: KeySchema, ...errorResponses(404) } },
    handler: async (request) => {
      const principal = principalOf(request);
      opts.users.requireManager(principal);
      return presentKey(await opts.accounts.revokeKey(principal.orgId, request.params.id, 'revoked'));
    },
  });

  r.post('/v1/keys/:id/disable', {
    config,
    schema: { tags, summary: 'Disable a leaked API key at once', params: IdParams, response: { 200: KeySchema, ...errorResponses(404) } },
    handler: async (request) => {
      const principal = principalOf(request);
      opts.users.requireManager(principal);
      return presentKey(await opts.accounts.revokeKey(principal.orgId, request.params.id, 'leaked'));
    },
  });
}
