import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountsService } from '../../../services/accounts.js';
import type { SessionsService } from '../../../services/sessions.js';
import type { UsersService } from '../../../services/users.js';
import { principalOf } from '../../plugins/auth.js';
import { errorResponses } from '../../schemas/common.js';
import {
  AcceptInviteBody,
  LoginBody,
  LoginOtpBody,
  LoginResponse,
  MeSchema,
  PhoneBody,
  PhoneVerifyBody,
  RefreshBody,
  SignupBody,
  SignupResponse,
  TokensSchema,
  UserSchema,
  VerifyEmailQuery,
} from '../../schemas/auth.js';
import { presentUser } from './users.js';

export interface AuthRoutesOptions {
  accounts: AccountsService;
  users: UsersService;
  sessions: SessionsService;
}

const OkSchema = z.object({ ok: z.literal(true) });

/** Sign-up, verification (email link, WhatsApp code), sign-in with its code step, refresh, logout. */
export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users, sessions } = opts;
  const tags = ['Account'];
  const open = { public: true } as const;
  const user = { auth: 'user' } as const;

  r.post('/v1/auth/signup', {
    config: open,
    schema: {
      tags,
      summary: 'Create an organisation and its owner',
      description: 'Sends an email with a verification link. The answer is the same whether or not the address already has an account.',
      security: [],
      body: SignupBody,
      response: { 202: SignupResponse, ...errorResponses(422) },
    },
    handler: async (request, reply) => {
      await users.signup(request.body);
      return reply.status(202).send({ status: 'verification_sent', message: 'Check your email for a link to verify the address, then sign in.' });
    },
  });

  r.get('/v1/auth/verify-email', {
    config: open,
    schema: {
      tags,
      summary: 'Verify the email address (the link sent by email)',
      security: [],
      querystring: VerifyEmailQuery,
      response: { 200: z.object({ email_verified: z.literal(true) }), ...errorResponses(422) },
    },
    handler: async (request) => {
      await users.verifyEmail(request.query.token);
      return { email_verified: true as const };
    },
  });

  r.post('/v1/auth/verify-email/resend', {
    config: user,
    schema: { tags, summary: 'Send the email verification link again', response: { 202: OkSchema, ...errorResponses() } },
    handler: async (request, reply) => {
      await users.resendEmailVerification(principalOf(request));
      return reply.status(202).send({ ok: true as const });
    },
  });

  r.post('/v1/auth/login', {
    config: open,
    schema: {
      tags,
      summary: 'Sign in',
      description:
        'Returns { token, refresh_token }, or { otp_required: true, pre_token } when the account has a verified phone (a code is sent by WhatsApp; continue with POST /v1/auth/login/otp). An unknown email and a wrong password answer alike.',
      security: [],
      body: LoginBody,
      response: { 200: LoginResponse, ...errorResponses(422) },
    },
    handler: async (request) => sessions.login(request.body.email, request.body.password),
  });

  r.post('/v1/auth/login/otp', {
    config: open,
    schema: {
      tags,
      summary: 'Finish signing in with the WhatsApp code',
      description: 'The code has 6 digits, is valid for 10 minutes and allows 5 tries.',
      security: [],
      body: LoginOtpBody,
      response: { 200: TokensSchema, ...errorResponses(422) },
    },
    handler: async (request) => sessions.loginWithCode(request.body.pre_token, request.body.code),
  });

  r.post('/v1/auth/refresh', {
    config: open,
    schema: {
      tags,
      summary: 'Exchange a refresh token for new tokens',
      description: 'The refresh token rotates: use the new one next time. Presenting a used one ends the session (401 session_revoked).',
      security: [],
      body: RefreshBody,
      response: { 200: TokensSchema, ...errorResponses(422) },
    },
    handler: async (request) => sessions.refresh(request.body.refresh_token),
  });

  r.post('/v1/auth/logout', {
    config: user,
    schema: { tags, summary: 'Sign out (ends the session and its refresh token)', response: { 200: OkSchema, ...errorResponses() } },
    handler: async (request) => {
      await sessions.logout(principalOf(request).sessionId!);
      return { ok: true as const };
    },
  });

  r.get('/v1/auth/me', {
    config: user,
    schema: { tags, summary: 'The signed-in person, the organisation and what is left to verify', response: { 200: MeSchema, ...errorResponses() } },
    handler: async (request) => {
      const principal = principalOf(request);
      const me = await users.me(principal);
      const org = await opts.accounts.getOrganisation(principal.orgId);
      const missing = [...(me.email_verified ? [] : ['email' as const]), ...(me.phone_verified ? [] : ['phone' as const])];
      return { ...presentUser(me), organisation: { id: org.id, name: org.name, plan: org.plan }, missing };
    },
  });

  r.post('/v1/auth/phone', {
    config: user,
    schema: {
      tags,
      summary: 'Add or change the phone number: sends a WhatsApp code',
      body: PhoneBody,
      response: { 202: z.object({ otp_sent: z.literal(true), expires_in: z.number().int() }), ...errorResponses(422) },
    },
    handler: async (request, reply) => {
      const sent = await users.startPhoneVerification(principalOf(request), request.body.phone);
      return reply.status(202).send({ otp_sent: true as const, expires_in: sent.expires_in });
    },
  });

  r.post('/v1/auth/phone/verify', {
    config: user,
    schema: { tags, summary: 'Confirm the phone number with the WhatsApp code', body: PhoneVerifyBody, response: { 200: UserSchema, ...errorResponses(422) } },
    handler: async (request) => presentUser(await users.confirmPhone(principalOf(request), request.body.code)),
  });

  r.post('/v1/auth/accept-invite', {
    config: open,
    schema: {
      tags,
      summary: 'Join an organisation from an invitation email and choose a password',
      security: [],
      body: AcceptInviteBody,
      response: { 200: OkSchema, ...errorResponses(422) },
    },
    handler: async (request) => {
      await users.acceptInvite(request.body.token, request.body.password);
      return { ok: true as const };
    },
  });
}
