import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Repositories } from '../adapters/db/repositories/index.js';
import type { UsersTable } from '../adapters/db/schema.js';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { ROLE_SCOPES, assertOrganisationUsable, type Principal, type Role } from './accounts.js';
import type { Notifier } from './notify/index.js';
import type { OtpChallenges } from './users-otp.js';
import type { PasswordHasher } from './users-passwords.js';
import { PRE_TOKEN_SECONDS, type TokenSigner } from './sessions-tokens.js';

export interface Tokens {
  token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}
export type LoginAnswer = Tokens | { otp_required: true; pre_token: string; expires_in: number };

const now = () => new Date().toISOString();
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const BAD_LOGIN = 'The email address or password is wrong.';

/** A person's account must be usable before any token is issued or honoured. */
export function assertUserUsable(user: Pick<UsersTable, 'status'>): void {
  if (user.status === 'suspended') throw new AppError('account_suspended', 'The account is suspended.');
  if (user.status !== 'active') throw new AppError('account_inactive', 'The account is not active.');
}

/** Sign-in: password (argon2id), then a WhatsApp code when the account has a verified phone;
 * short-lived access tokens; refresh tokens that rotate, where reuse revokes the session. */
export class SessionsService {
  constructor(
    private readonly repos: Repositories,
    private readonly deps: { passwords: PasswordHasher; otp: OtpChallenges; tokens: TokenSigner; notify: Notifier; refreshDays: number; logger?: Logger },
  ) {}

  async login(email: string, password: string): Promise<LoginAnswer> {
    const user = await this.repos.users.findByEmail(email.trim().toLowerCase());
    // Unknown email and wrong password take the same path and time and answer alike.
    const ok = await this.deps.passwords.verify(user?.password_hash ?? null, password);
    if (!user || !ok) throw new AppError('unauthorized', BAD_LOGIN);
    assertUserUsable(user);
    assertOrganisationUsable(await this.organisation(user.org_id));
    if (user.phone && user.phone_verified_at) {
      const challenge = await this.deps.otp.create(user.id, 'login', user.phone);
      await this.deps.notify.whatsapp.sendCode({ to: user.phone, code: challenge.code });
      return { otp_required: true, pre_token: await this.deps.tokens.pre({ userId: user.id, challengeId: challenge.id }), expires_in: PRE_TOKEN_SECONDS };
    }
    return this.startSession(user);
  }

  async loginWithCode(preToken: string, code: string): Promise<Tokens> {
    const claims = await this.deps.tokens.verifyPre(preToken);
    if (!claims) throw new AppError('unauthorized', 'The sign-in step has expired; sign in again.');
    const check = await this.deps.otp.verify(claims.challengeId, claims.userId, 'login', code);
    if (!check.ok) {
      throw new AppError('unauthorized', check.reason === 'wrong_code' ? 'The code is wrong.' : 'The code has expired or was used up; sign in again.', {
        extra: { tries_left: check.triesLeft },
      });
    }
    const user = await this.repos.users.get(claims.userId);
    assertUserUsable(user);
    return this.startSession(user);
  }

  /** Rotates the refresh token. Presenting one already rotated means it was copied: the whole
   * session is revoked (RFC 9700 §4.14.2). */
  async refresh(refreshToken: string): Promise<Tokens> {
    const hash = sha256(refreshToken);
    const row = await this.repos.sessions.findRefreshToken(hash);
    if (!row) throw new AppError('unauthorized', 'The refresh token is not valid.');
    if (row.revoked_at !== null) throw new AppError('session_revoked', 'The session was ended; sign in again.');
    if (row.used_at !== null) return this.revokeForReuse(row.session_id);
    const at = now();
    if (row.expires_at <= at || row.session_expires_at <= at) throw new AppError('unauthorized', 'The refresh token has expired; sign in again.');
    if (!(await this.repos.sessions.useRefreshToken(hash, at))) return this.revokeForReuse(row.session_id);
    const user = await this.repos.users.get(row.user_id);
    assertUserUsable(user);
    assertOrganisationUsable(await this.organisation(user.org_id));
    return this.issue(user, row.session_id);
  }

  async logout(sessionId: string): Promise<void> {
    await this.revoke(sessionId, 'logout');
  }

  /** Sign-out by the refresh token the browser holds (used or not: its session ends either way). */
  async logoutByRefreshToken(refreshToken: string): Promise<void> {
    const sessionId = await this.repos.sessions.sessionOfRefreshToken(sha256(refreshToken));
    if (sessionId !== null) await this.revoke(sessionId, 'logout');
  }

  /** The principal behind an access token; throws the refusal that applies. */
  async authenticateAccess(token: string): Promise<Principal> {
    const claims = await this.deps.tokens.verifyAccess(token);
    if (!claims) throw new AppError('unauthorized', 'The access token is not valid or has expired.');
    const row = await this.repos.sessions.findForAccess(claims.sessionId, claims.userId);
    if (!row || row.org_id !== claims.orgId) throw new AppError('unauthorized', 'The access token is not valid.');
    if (row.revoked_at !== null) throw new AppError('session_revoked', 'The session was ended; sign in again.');
    assertUserUsable({ status: row.user_status });
    assertOrganisationUsable(row);
    const role = row.role as Role;
    return {
      orgId: row.org_id,
      kind: 'user',
      keyId: null,
      userId: claims.userId,
      role,
      sessionId: claims.sessionId,
      plan: row.plan,
      scopes: [...ROLE_SCOPES[role]],
      actor: `user:${claims.userId}`,
    };
  }

  private async startSession(user: UsersTable): Promise<Tokens> {
    const sessionId = newId('session');
    const at = new Date();
    await this.repos.sessions.insert({
      id: sessionId,
      user_id: user.id,
      org_id: user.org_id,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + this.deps.refreshDays * 86_400_000).toISOString(),
      revoked_at: null,
      revoked_reason: null,
    });
    return this.issue(user, sessionId);
  }

  private async issue(user: UsersTable, sessionId: string): Promise<Tokens> {
    const refresh = `rt_${randomBytes(32).toString('base64url')}`;
    const at = new Date();
    await this.repos.sessions.insertRefreshToken({
      token_hash: sha256(refresh),
      session_id: sessionId,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + this.deps.refreshDays * 86_400_000).toISOString(),
      used_at: null,
    });
    const token = await this.deps.tokens.access({ userId: user.id, sessionId, orgId: user.org_id });
    return { token, refresh_token: refresh, token_type: 'Bearer', expires_in: this.deps.tokens.accessTtl };
  }

  private async revokeForReuse(sessionId: string): Promise<never> {
    await this.revoke(sessionId, 'refresh_reuse');
    this.deps.logger?.warn({ session_id: sessionId }, 'refresh token reused: session revoked');
    throw new AppError('session_revoked', 'This refresh token was already used; the session has been ended. Sign in again.');
  }

  private async revoke(sessionId: string, reason: string): Promise<void> {
    await this.repos.sessions.revoke(sessionId, reason, now());
  }

  private async organisation(orgId: string) {
    return this.repos.organisations.standing(orgId);
  }
}
