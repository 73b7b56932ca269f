import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Repositories } from '../adapters/db/repositories/index.js';
import { newId } from '../domain/ids.js';

/** One-time codes: 6 digits, single use, 10 minutes, 5 tries; stored as an HMAC under the
 * server's secret and compared in constant time. */
export const OTP_DIGITS = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_TRIES = 5;

export type OtpPurpose = 'login' | 'phone';
export type OtpCheck = { ok: true; phone: string } | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'too_many_tries' | 'wrong_code'; triesLeft: number };

export class OtpChallenges {
  constructor(
    private readonly repos: Repositories,
    private readonly pepper: Buffer,
    private readonly clock: () => number = Date.now,
  ) {}

  private digest(id: string, code: string): string {
    return createHmac('sha256', this.pepper).update(`${id}:${code}`).digest('hex');
  }

  /** A new challenge; earlier open challenges of the same purpose for this user stop working. */
  async create(userId: string, purpose: OtpPurpose, phone: string): Promise<{ id: string; code: string; expiresAt: string }> {
    const id = newId('otp');
    const code = randomInt(0, 10 ** OTP_DIGITS)
      .toString()
      .padStart(OTP_DIGITS, '0');
    const at = new Date(this.clock());
    const expiresAt = new Date(at.getTime() + OTP_TTL_SECONDS * 1000).toISOString();
    await this.repos.transaction(async (tx) => {
      await tx.otpChallenges.closeOpen(userId, purpose, at.toISOString());
      await tx.otpChallenges.insert({
        id,
        user_id: userId,
        purpose,
        phone,
        code_hash: this.digest(id, code),
        attempts: 0,
        expires_at: expiresAt,
        consumed_at: null,
        created_at: at.toISOString(),
      });
    });
    return { id, code, expiresAt };
  }

  /** Counts the try before comparing, so parallel guesses cannot exceed the limit. */
  async verify(id: string, userId: string, purpose: OtpPurpose, code: string): Promise<OtpCheck> {
    const row = await this.repos.otpChallenges.find(id, userId, purpose);
    if (!row) return { ok: false, reason: 'unknown', triesLeft: 0 };
    const at = new Date(this.clock()).toISOString();
    if (row.consumed_at !== null) return { ok: false, reason: 'used', triesLeft: 0 };
    if (row.expires_at <= at) return { ok: false, reason: 'expired', triesLeft: 0 };
    if (!(await this.repos.otpChallenges.countTry(id, OTP_MAX_TRIES))) return { ok: false, reason: 'too_many_tries', triesLeft: 0 };
    const triesLeft = OTP_MAX_TRIES - row.attempts - 1;
    const given = Buffer.from(this.digest(id, /^\d{6}$/.test(code) ? code : 'invalid'), 'hex');
    if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) return { ok: false, reason: 'wrong_code', triesLeft };
    if (!(await this.repos.otpChallenges.consume(id, at))) return { ok: false, reason: 'used', triesLeft: 0 };
    return { ok: true, phone: row.phone };
  }
}
