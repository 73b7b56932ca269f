import { createHash, randomBytes } from 'node:crypto';
import type { Repositories } from '../adapters/db/repositories/index.js';
import type { UsersTable } from '../adapters/db/schema.js';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { KEY_SCOPES, type AccountsService, type KeyScope, type Principal, type Role } from './accounts.js';
import type { Notifier } from './notify/index.js';
import { OTP_TTL_SECONDS, type OtpChallenges } from './users-otp.js';
import type { PasswordHasher } from './users-passwords.js';

const EMAIL_TOKEN_HOURS = 24;
const INVITE_TOKEN_HOURS = 7 * 24;

const now = () => new Date().toISOString();
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const normalEmail = (e: string) => e.trim().toLowerCase();

export interface UserView {
  id: string;
  email: string;
  name: string | null;
  role: string;
  status: string;
  email_verified: boolean;
  phone: string | null;
  phone_verified: boolean;
  created_at: string;
}

/** People and their verification: sign-up, email links, WhatsApp codes for the phone, invitations
 * into an organisation, and the dashboard's key creation (which needs both verified). */
export class UsersService {
  constructor(
    private readonly repos: Repositories,
    private readonly deps: { accounts: AccountsService; passwords: PasswordHasher; otp: OtpChallenges; notify: Notifier; publicBaseUrl: string },
  ) {}

  /** Creates the organisation and its owner. A taken email gets a notice by email and the same
   * answer, so sign-up cannot tell who has an account. */
  async signup(input: { email: string; password: string; organisation: string; name?: string | undefined }): Promise<void> {
    const email = normalEmail(input.email);
    if (await this.repos.users.emailTaken(email)) {
      await this.deps.notify.mail.send({
        to: email,
        subject: 'Sign-up attempt',
        text: 'Someone tried to create an account with this address, which already has one. If it was you, sign in instead.',
      });
      return;
    }
    if ((await this.repos.organisations.findIdByName(input.organisation)) !== null)
      throw new AppError('validation_error', 'An organisation with this name exists; choose another name.');
    const org = await this.deps.accounts.findOrCreateOrganisation(input.organisation, 'sandbox');
    if (!org.created) throw new AppError('validation_error', 'An organisation with this name exists; choose another name.');
    const user: UsersTable = {
      id: newId('user'),
      org_id: org.id,
      email,
      name: input.name ?? null,
      password_hash: await this.deps.passwords.hash(input.password),
      role: 'owner',
      status: 'active',
      email_verified_at: null,
      phone: null,
      phone_verified_at: null,
      created_at: now(),
    };
    await this.repos.users.insert(user);
    await this.sendEmailLink(user, 'email_verify');
  }

  /** The operator's path (`docread users create`): an active person whose email the operator
   * vouches for, in an organisation made when needed. The password is hashed as at sign-up. */
  async createByOperator(input: {
    orgName: string;
    plan: string;
    email: string;
    password: string;
    role: Role;
    name?: string | undefined;
  }): Promise<UserView & { organisation_id: string; organisation_created: boolean }> {
    const email = normalEmail(input.email);
    if (await this.repos.users.emailTaken(email)) throw new AppError('validation_error', `A person with the email ${email} exists already.`);
    const org = await this.deps.accounts.findOrCreateOrganisation(input.orgName, input.plan);
    const at = now();
    const user: UsersTable = {
      id: newId('user'),
      org_id: org.id,
      email,
      name: input.name ?? null,
      password_hash: await this.deps.passwords.hash(input.password),
      role: input.role,
      status: 'active',
      email_verified_at: at,
      phone: null,
      phone_verified_at: null,
      created_at: at,
    };
    await this.repos.users.insert(user);
    return { ...view(user), organisation_id: org.id, organisation_created: org.created };
  }

  async resendEmailVerification(principal: Principal): Promise<void> {
    const user = await this.requireUser(principal);
    if (!user.email_verified_at) await this.sendEmailLink(user, 'email_verify');
  }

  async verifyEmail(token: string): Promise<void> {
    const userId = await this.useToken(token, 'email_verify');
    await this.repos.users.markEmailVerified(userId, now());
  }

  /** Sends a WhatsApp code to the number; it becomes the account's phone once the code is given. */
  async startPhoneVerification(principal: Principal, phone: string): Promise<{ expires_in: number }> {
    const user = await this.requireUser(principal);
    const challenge = await this.deps.otp.create(user.id, 'phone', phone);
    await this.deps.notify.whatsapp.sendCode({ to: phone, code: challenge.code });
    return { expires_in: OTP_TTL_SECONDS };
  }

  async confirmPhone(principal: Principal, code: string): Promise<UserView> {
    const user = await this.requireUser(principal);
    const open = await this.repos.otpChallenges.newestOpenId(user.id, 'phone');
    if (open === null) throw new AppError('validation_error', 'No code is pending; ask for a new one.');
    const check = await this.deps.otp.verify(open, user.id, 'phone', code);
    if (!check.ok) {
      throw new AppError('validation_error', check.reason === 'wrong_code' ? 'The code is wrong.' : 'The code has expired or was used up; ask for a new one.', {
        extra: { tries_left: check.triesLeft },
      });
    }
    await this.repos.users.setVerifiedPhone(user.id, check.phone, now());
    return this.me(principal);
  }

  async me(principal: Principal): Promise<UserView> {
    return view(await this.requireUser(principal));
  }

  async list(principal: Principal): Promise<UserView[]> {
    this.requireManager(principal);
    const rows = await this.repos.users.list(principal.orgId);
    return rows.map(view);
  }

  /** Owners and admins invite people; only an owner can make another owner. */
  async invite(principal: Principal, input: { email: string; role: Role; name?: string | undefined }): Promise<UserView> {
    this.requireManager(principal);
    if (input.role === 'owner' && principal.role !== 'owner') throw new AppError('forbidden', 'Only an owner can add an owner.');
    const email = normalEmail(input.email);
    if (await this.repos.users.emailTaken(email)) throw new AppError('validation_error', 'This email address already has an account.');
    const user: UsersTable = {
      id: newId('user'),
      org_id: principal.orgId,
      email,
      name: input.name ?? null,
      password_hash: null,
      role: input.role,
      status: 'invited',
      email_verified_at: null,
      phone: null,
      phone_verified_at: null,
      created_at: now(),
    };
    await this.repos.users.insert(user);
    await this.sendEmailLink(user, 'invite');
    return view(user);
  }

  /** The invitation link proves the email address; the person chooses a password. */
  async acceptInvite(token: string, password: string): Promise<void> {
    const userId = await this.useToken(token, 'invite');
    const hash = await this.deps.passwords.hash(password);
    await this.repos.users.acceptInvite(userId, hash, now());
  }

  /** Owners and admins activate or deactivate people of their organisation, never themselves. */
  async setStatus(principal: Principal, userId: string, status: 'active' | 'inactive'): Promise<UserView> {
    this.requireManager(principal);
    if (userId === principal.userId) throw new AppError('forbidden', 'You cannot change your own status.');
    if (!(await this.repos.users.setActive(principal.orgId, userId, status))) throw new AppError('not_found', 'No user with this id.');
    return view(await this.repos.users.get(userId));
  }

  /** Operator action (support): suspension is not something an organisation does to itself. */
  async suspend(userId: string, suspended: boolean): Promise<void> {
    await this.repos.users.setStatus(userId, suspended ? 'suspended' : 'active');
  }

  /** The dashboard's path to a key: an owner or admin whose email and phone are verified. */
  async createKey(principal: Principal, input: { name: string; scopes?: readonly string[] | undefined }) {
    this.requireManager(principal);
    const user = await this.requireUser(principal);
    const missing = [...(user.email_verified_at ? [] : ['email']), ...(user.phone_verified_at ? [] : ['phone'])];
    if (missing.length) {
      throw new AppError('account_verification_required', `Verify your ${missing.join(' and ')} before creating API keys.`, {
        extra: { missing, verify_url: `${this.deps.publicBaseUrl}/v1/auth/me` },
      });
    }
    const scopes = input.scopes ?? KEY_SCOPES;
    const unknown = scopes.filter((s) => !(KEY_SCOPES as readonly string[]).includes(s));
    if (unknown.length) throw new AppError('validation_error', `Unknown scopes: ${unknown.join(', ')}.`);
    const created = await this.deps.accounts.insertKey(principal.orgId, input.name, [...new Set(scopes)] as KeyScope[], user.id);
    return { id: created.keyId, key: created.key, name: input.name, scopes: [...new Set(scopes)], created_at: created.created_at };
  }

  requireManager(principal: Principal): void {
    if (principal.kind !== 'user') throw new AppError('forbidden', 'This is for signed-in people only; API keys cannot manage the account.');
    if (principal.role !== 'owner' && principal.role !== 'admin') throw new AppError('forbidden', 'Only an owner or admin can do this.');
  }

  private async requireUser(principal: Principal): Promise<UsersTable> {
    if (principal.kind !== 'user' || !principal.userId)
      throw new AppError('forbidden', 'This is for signed-in people only; API keys cannot manage the account.');
    const user = await this.repos.users.find(principal.orgId, principal.userId);
    if (!user) throw new AppError('unauthorized', 'The account no longer exists.');
    return user;
  }

  private async sendEmailLink(user: UsersTable, purpose: 'email_verify' | 'invite'): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const hours = purpose === 'invite' ? INVITE_TOKEN_HOURS : EMAIL_TOKEN_HOURS;
    await this.repos.oneTimeTokens.insert({
      token_hash: sha256(token),
      user_id: user.id,
      purpose,
      expires_at: new Date(Date.now() + hours * 3_600_000).toISOString(),
      used_at: null,
      created_at: now(),
    });
    const base = this.deps.publicBaseUrl;
    const message =
      purpose === 'invite'
        ? {
            subject: 'You are invited to docread',
            text: `Choose a password to join: POST ${base}/v1/auth/accept-invite with {"token": "${token}", "password": "…"}\nThe invitation is valid for 7 days.`,
          }
        : {
            subject: 'Verify your email address',
            text: `Open this link to verify your email address:\n${base}/app/verify-email?token=${token}\nThe link is valid for 24 hours.`,
          };
    await this.deps.notify.mail.send({ to: user.email, ...message });
  }

  private async useToken(token: string, purpose: string): Promise<string> {
    const hash = sha256(token);
    const row = await this.repos.oneTimeTokens.find(hash, purpose);
    if (!row || row.used_at !== null || row.expires_at <= now())
      throw new AppError('validation_error', 'The link is not valid or has expired; ask for a new one.');
    if (!(await this.repos.oneTimeTokens.use(hash, now()))) throw new AppError('validation_error', 'The link was already used.');
    return row.user_id;
  }
}

function view(u: UsersTable): UserView {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    status: u.status,
    email_verified: u.email_verified_at !== null,
    phone: u.phone,
    phone_verified: u.phone_verified_at !== null,
    created_at: u.created_at,
  };
}
