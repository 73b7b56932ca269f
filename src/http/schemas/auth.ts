import { z } from 'zod';
import { KEY_SCOPES, ROLES } from '../../services/accounts.js';

export const Email = z.string().trim().max(254).pipe(z.email()).describe('Email address (case-insensitive).');
export const Password = z.string().min(10).max(256).describe('10 to 256 characters.');
const Code = z
  .string()
  .regex(/^\d{6}$/)
  .describe('The 6-digit code sent by WhatsApp.');
const LinkToken = z.string().min(20).max(200);

export const SignupBody = z.object({
  email: Email,
  password: Password,
  organisation: z.string().trim().min(2).max(100).describe('Name of the new organisation (you become its owner).'),
  name: z.string().trim().max(100).optional(),
});
export const SignupResponse = z.object({ status: z.literal('verification_sent'), message: z.string() });

export const LoginBody = z.object({ email: z.string().max(254), password: z.string().max(256) });
export const TokensSchema = z
  .object({
    token: z.string().describe('Access token (JWT, HS256); send as Authorization: Bearer.'),
    refresh_token: z.string().describe('Single use: each refresh returns a new one; reusing an old one ends the session.'),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds the access token lives.'),
  })
  .meta({ id: 'Tokens' });
export const OtpRequiredSchema = z.object({
  otp_required: z.literal(true),
  pre_token: z.string().describe('Send with the code to POST /v1/auth/login/otp within 10 minutes.'),
  expires_in: z.number().int(),
});
export const LoginResponse = z.union([TokensSchema, OtpRequiredSchema]);
export const LoginOtpBody = z.object({ pre_token: z.string().max(4096), code: Code });
export const RefreshBody = z.object({ refresh_token: z.string().max(200) });
export const VerifyEmailQuery = z.object({ token: LinkToken });
export const AcceptInviteBody = z.object({ token: LinkToken, password: Password });
export const PhoneBody = z.object({
  phone: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/)
    .describe('E.164, e.g. +97450123456.'),
});
export const PhoneVerifyBody = z.object({ code: Code });

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    status: z.string(),
    email_verified: z.boolean(),
    phone: z.string().nullable(),
    phone_verified: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export const MeSchema = UserSchema.extend({
  organisation: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
  missing: z.array(z.enum(['email', 'phone'])).describe('What must still be verified before API keys can be created.'),
});
export const InviteBody = z.object({ email: Email, role: z.enum(ROLES), name: z.string().trim().max(100).optional() });
export const UserStatusBody = z.object({ status: z.enum(['active', 'inactive']) });
export const IdParams = z.object({ id: z.string().max(64) });

export const KeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    last4: z.string(),
    scopes: z.array(z.string()),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    disabled_reason: z.string().nullable().describe('revoked, or leaked when disabled as leaked.'),
  })
  .meta({ id: 'ApiKey' });
export const CreateKeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(KEY_SCOPES)).min(1).max(KEY_SCOPES.length).optional().describe('Defaults to every scope.'),
});
export const CreatedKeySchema = z.object({
  id: z.string(),
  key: z.string().describe('Shown once; only its SHA-256 is stored.'),
  name: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
});

export const UsageSchema = z
  .object({
    organisation_id: z.string(),
    plan: z.string(),
    period: z.string().describe('YYYY-MM (UTC).'),
    used: z.number().int(),
    quota: z.number().int().nullable().describe('Documents a month; null: unlimited.'),
    remaining: z.number().int().nullable(),
    resets_at: z.string(),
    uploads_per_hour: z.number().int().nullable(),
    uploads_this_hour_remaining: z.number().int().nullable(),
  })
  .meta({ id: 'Usage' });
