import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../../../services/accounts.js';
import { formatTimestamp } from '../../../services/document-view.js';
import type { UserView, UsersService } from '../../../services/users.js';
import { principalOf } from '../../plugins/auth.js';
import { IdParams, InviteBody, UserSchema, UserStatusBody } from '../../schemas/auth.js';
import { errorResponses } from '../../schemas/common.js';

export function presentUser(u: UserView): z.infer<typeof UserSchema> {
  return { ...u, role: u.role as Role, created_at: formatTimestamp(u.created_at) };
}

/** The organisation's people: owners and admins list, invite, activate and deactivate. */
export async function userRoutes(app: FastifyInstance, opts: { users: UsersService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Account'];
  const config = { auth: 'user' } as const;

  r.get('/v1/users', {
    config,
    schema: { tags, summary: "The organisation's people", response: { 200: z.object({ items: z.array(UserSchema) }), ...errorResponses() } },
    handler: async (request) => ({ items: (await opts.users.list(principalOf(request))).map(presentUser) }),
  });

  r.post('/v1/users', {
    config,
    schema: {
      tags,
      summary: 'Invite a person (owner, admin or reviewer); they get an email to choose a password',
      body: InviteBody,
      response: { 201: UserSchema, ...errorResponses(422) },
    },
    handler: async (request, reply) => reply.status(201).send(presentUser(await opts.users.invite(principalOf(request), request.body))),
  });

  r.patch('/v1/users/:id', {
    config,
    schema: {
      tags,
      summary: 'Activate or deactivate a person',
      params: IdParams,
      body: UserStatusBody,
      response: { 200: UserSchema, ...errorResponses(404, 422) },
    },
    handler: async (request) => presentUser(await opts.users.setStatus(principalOf(request), request.params.id, request.body.status)),
  });
}
